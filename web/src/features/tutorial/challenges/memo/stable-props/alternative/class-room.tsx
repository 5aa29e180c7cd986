import { memo, useState } from 'react';
import { useRenderCount } from './use-render-count';

// Another correct answer: pass plain text instead of an object. memo compares
// strings by their value, so "BCom" is the same prop on every render.
interface RosterProps {
  courseName: string;
  room: string;
  students: number;
}

function Roster({ courseName, room, students }: RosterProps) {
  const renders = useRenderCount<HTMLSpanElement>();
  return (
    <div className="demo-card">
      <p>
        {courseName}, room {room}
      </p>
      <p>Students enrolled: {students}</p>
      <p>
        The roster has rendered <span ref={renders}>1</span> times.
      </p>
    </div>
  );
}

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
      <MemoRoster courseName="BCom" room="204" students={students} />
    </div>
  );
}
