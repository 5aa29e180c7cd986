const lectures = [
  { id: 'mon', day: 'Monday', subject: 'Accounting' },
  { id: 'tue', day: 'Tuesday', subject: 'Business Law' },
  { id: 'wed', day: 'Wednesday', subject: 'Economics' },
  { id: 'thu', day: 'Thursday', subject: 'Statistics' },
];

export function Timetable() {
  return (
    <section>
      <h3>This week: {lectures.length} lectures</h3>
      <ul>
        {lectures.map((lecture) => (
          <li key={lecture.id}>
            {lecture.day}: {lecture.subject}
          </li>
        ))}
      </ul>
    </section>
  );
}
