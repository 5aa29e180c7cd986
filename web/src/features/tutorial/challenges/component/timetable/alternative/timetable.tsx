// Another correct answer: a small component for one lecture, used inside map.
const lectures = [
  { id: 'mon', day: 'Monday', subject: 'Accounting' },
  { id: 'tue', day: 'Tuesday', subject: 'Business Law' },
  { id: 'wed', day: 'Wednesday', subject: 'Economics' },
  { id: 'thu', day: 'Thursday', subject: 'Statistics' },
];

function LectureItem({ day, subject }: { day: string; subject: string }) {
  return (
    <li>
      <strong>{day}</strong>: {subject}
    </li>
  );
}

export function Timetable() {
  const items = lectures.map(({ id, day, subject }) => <LectureItem key={id} day={day} subject={subject} />);
  return (
    <section>
      <h3>This week: {lectures.length} lectures</h3>
      <ul>{items}</ul>
    </section>
  );
}
