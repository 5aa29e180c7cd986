import { useState } from 'react';

const subjects = ['Maths', 'Physics', 'History', 'Art'];

// Each button is a component of its own, which calls useState once, at its top level.
function VoteButton({ subject }: { subject: string }) {
  const [votes, setVotes] = useState(0);
  return (
    <button type="button" className="demo-button" onClick={() => setVotes(votes + 1)}>
      {subject}: {votes} votes
    </button>
  );
}

export function SubjectVotes() {
  const [showAll, setShowAll] = useState(false);
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
            <VoteButton subject={subject} />
          </li>
        ))}
      </ul>
    </div>
  );
}
