import { memo, useState } from 'react';
import { useRenderCount } from '../render-count/use-render-count';

function StudentCount({ count }: { count: number }) {
  const renders = useRenderCount<HTMLSpanElement>();
  return (
    <p>
      Students: {count} (this child has rendered <span ref={renders}>1</span> times)
    </p>
  );
}

// The same component, wrapped: it renders again only when `count` changes.
const MemoStudentCount = memo(StudentCount);

export function MemoDemo() {
  const [students, setStudents] = useState(30);
  const [note, setNote] = useState('');

  return (
    <div className="demo-stack">
      <label htmlFor="memo-note">Teacher's note (re-renders the parent)</label>
      <input id="memo-note" value={note} onChange={(event) => setNote(event.target.value)} />
      <button type="button" className="demo-button" onClick={() => setStudents(students + 1)}>
        Add a student
      </button>

      <h3>Without memo</h3>
      <StudentCount count={students} />
      <h3>With memo</h3>
      <MemoStudentCount count={students} />
    </div>
  );
}
