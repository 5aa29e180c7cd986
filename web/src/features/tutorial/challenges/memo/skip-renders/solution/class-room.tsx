import { memo, useState } from 'react';
import { useRenderCount } from './use-render-count';

function Roster({ students }: { students: number }) {
  const renders = useRenderCount<HTMLSpanElement>();
  return (
    <div className="demo-card">
      <p>Students enrolled: {students}</p>
      <p>
        The roster has rendered <span ref={renders}>1</span> times.
      </p>
    </div>
  );
}

// Renders again only when `students` changes.
const MemoRoster = memo(Roster);

export function ClassRoom() {
  const [students, setStudents] = useState(30);
  const [note, setNote] = useState('');

  return (
    <div className="demo-stack">
      <label htmlFor="class-note">Note for the class</label>
      <input id="class-note" value={note} onChange={(event) => setNote(event.target.value)} />
      <button type="button" className="demo-button" onClick={() => setStudents(students + 1)}>
        Add a student
      </button>
      <MemoRoster students={students} />
    </div>
  );
}
