import { useState } from 'react';
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

// Another correct answer, without memo: the note keeps its state in a component of its
// own, so typing renders only NoteField, never ClassRoom or the roster.
function NoteField() {
  const [note, setNote] = useState('');
  return (
    <>
      <label htmlFor="class-note">Note for the class</label>
      <input id="class-note" value={note} onChange={(event) => setNote(event.target.value)} />
    </>
  );
}

export function ClassRoom() {
  const [students, setStudents] = useState(30);

  return (
    <div className="demo-stack">
      <NoteField />
      <button type="button" className="demo-button" onClick={() => setStudents((count) => count + 1)}>
        Add a student
      </button>
      <Roster students={students} />
    </div>
  );
}
