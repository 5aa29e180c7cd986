import { useState } from 'react';

const subjects = ['Maths', 'Physics', 'History', 'Art'];

// Another correct answer: one state variable holds every subject's votes, by name.
export function SubjectVotes() {
  const [showAll, setShowAll] = useState(false);
  const [votes, setVotes] = useState<Record<string, number>>({});
  const shown = showAll ? subjects : subjects.slice(0, 2);

  return (
    <div className="demo-stack">
      <label>
        <input type="checkbox" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} /> Show all
        subjects
      </label>
      <ul className="demo-stack">
        {shown.map((subject) => (
          <li key={subject}>
            <button
              type="button"
              className="demo-button"
              onClick={() => setVotes({ ...votes, [subject]: (votes[subject] ?? 0) + 1 })}
            >
              {subject}: {votes[subject] ?? 0} votes
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
