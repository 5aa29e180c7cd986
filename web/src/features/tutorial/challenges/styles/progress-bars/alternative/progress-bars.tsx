import type { CSSProperties } from 'react';
import './progress-bars.css';

interface ProgressBarProps {
  subject: string;
  done: number;
  total: number;
}

// Another correct answer: the style object built by a helper, with a whole-number percentage.
function fillStyle(done: number, total: number): CSSProperties {
  return { width: Math.round((100 * done) / total) + '%' };
}

function ProgressBar({ subject, done, total }: ProgressBarProps) {
  return (
    <div className="demo-stack">
      <p>
        {subject}: {done} of {total} lessons
      </p>
      <div className="progress" role="progressbar" aria-label={subject} aria-valuenow={done} aria-valuemin={0} aria-valuemax={total}>
        <span className="progress__fill" style={{ ...fillStyle(done, total), display: 'block' }} />
      </div>
    </div>
  );
}

export function ProgressBars() {
  return (
    <div className="demo-stack">
      <ProgressBar subject="Accounting" done={2} total={5} />
      <ProgressBar subject="Economics" done={1} total={4} />
      <ProgressBar subject="Statistics" done={6} total={6} />
    </div>
  );
}
