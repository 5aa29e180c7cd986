import { useState } from 'react';

const subjects = ['Maths', 'Physics', 'History', 'Art'];

export function SubjectVotes() {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? subjects : subjects.slice(0, 2);

  // One counter for each subject on show.
  const counters = shown.map(() => useState(0));

  return (
    <div className="demo-stack">
      <label>
        <input type="checkbox" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} /> Show all
        subjects
      </label>
      <ul className="demo-stack">
        {shown.map((subject, index) => {
          const [votes, setVotes] = counters[index]!;
          return (
            <li key={subject}>
              <button type="button" className="demo-button" onClick={() => setVotes(votes + 1)}>
                {subject}: {votes} votes
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
