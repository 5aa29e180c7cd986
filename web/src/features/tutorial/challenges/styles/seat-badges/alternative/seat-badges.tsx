import './seat-badges.css';

const courses = [
  { id: 'bcom', name: 'BCom', seatsLeft: 12 },
  { id: 'bba', name: 'BBA', seatsLeft: 0 },
  { id: 'bca', name: 'BCA', seatsLeft: 3 },
];

// Another correct answer: a small component for the badge, and the class name built from a variable.
function SeatBadge({ seatsLeft }: { seatsLeft: number }) {
  const status = seatsLeft > 0 ? 'open' : 'full';
  return <span className={`seat-badge seat-badge--${status}`}>{seatsLeft > 0 ? `${seatsLeft} seats left` : 'Full'}</span>;
}

export function SeatBadges() {
  return (
    <ul className="demo-stack">
      {courses.map((course) => (
        <li key={course.id}>
          {course.name}: <SeatBadge seatsLeft={course.seatsLeft} />
        </li>
      ))}
    </ul>
  );
}
