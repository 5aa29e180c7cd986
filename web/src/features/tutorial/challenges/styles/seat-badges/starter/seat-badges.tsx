import './seat-badges.css';

const courses = [
  { id: 'bcom', name: 'BCom', seatsLeft: 12 },
  { id: 'bba', name: 'BBA', seatsLeft: 0 },
  { id: 'bca', name: 'BCA', seatsLeft: 3 },
];

export function SeatBadges() {
  return (
    <ul className="demo-stack">
      {courses.map((course) => (
        <li key={course.id}>
          {course.name}:{' '}
          <span className="seat-badge">{course.seatsLeft === 0 ? 'Full' : `${course.seatsLeft} seats left`}</span>
        </li>
      ))}
    </ul>
  );
}
