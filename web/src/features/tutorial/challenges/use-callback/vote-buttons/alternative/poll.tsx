import { memo, useCallback, useId, useState } from 'react';
import { useRenderCount } from './use-render-count';

interface VoteButtonProps {
  label: string;
  onVote: () => void;
}

// memo: skips rendering while every prop is the same as last time.
const VoteButton = memo(function VoteButton({ label, onVote }: VoteButtonProps) {
  const renders = useRenderCount<HTMLSpanElement>();
  return (
    <p>
      <button type="button" className="demo-button" onClick={onVote}>
        {label}
      </button>{' '}
      (renders: <span ref={renders}>1</span>)
    </p>
  );
});

export function Poll() {
  const [yes, setYes] = useState(0);
  const [no, setNo] = useState(0);
  const [name, setName] = useState('');
  const nameId = useId();

  // Another correct answer: list the count as a dependency. The function is
  // new only when its own count changes, so typing a name never renders a button.
  const voteYes = useCallback(() => setYes(yes + 1), [yes]);
  const voteNo = useCallback(() => setNo(no + 1), [no]);

  return (
    <div className="demo-stack">
      <p>Should the college library open on Sundays?</p>
      <label htmlFor={nameId}>Your name</label>
      <input id={nameId} value={name} onChange={(event) => setName(event.target.value)} />
      <VoteButton label="Vote yes" onVote={voteYes} />
      <VoteButton label="Vote no" onVote={voteNo} />
      <p aria-live="polite" className="demo-value">
        Yes: {yes}, No: {no}
      </p>
    </div>
  );
}
