import { useMemo, useState } from 'react';
import { countPrimes } from './primes';
import { useUpdateTimer } from './use-update-timer';

// Small enough by default that the first count, while the page starts on a slow phone, is
// not a long freeze; the larger limits make the cost of recounting plain.
const limits = [100_000, 200_000, 400_000];

interface ResultProps {
  limit: number;
  highlighted: boolean;
}

function MemoisedResult({ limit, highlighted }: ResultProps) {
  // Recalculated only when `limit` changes; other renders reuse the answer.
  const count = useMemo(() => countPrimes(limit), [limit]);
  return <Result count={count} limit={limit} highlighted={highlighted} />;
}

function PlainResult({ limit, highlighted }: ResultProps) {
  // Recalculated on every render, even when only `highlighted` changed.
  const count = countPrimes(limit);
  return <Result count={count} limit={limit} highlighted={highlighted} />;
}

function Result({ count, limit, highlighted }: ResultProps & { count: number }) {
  return (
    <p className={highlighted ? 'demo-value demo-value--highlighted' : 'demo-value'}>
      There are {count.toLocaleString('en-IN')} primes below {limit.toLocaleString('en-IN')}.
    </p>
  );
}

export function PrimeDemo() {
  const [limit, setLimit] = useState(limits[0]!);
  const [highlighted, setHighlighted] = useState(false);
  const [memoised, setMemoised] = useState(true);
  const [timeRef, startTimer] = useUpdateTimer<HTMLSpanElement>();

  return (
    <div className="demo-stack">
      <label htmlFor="prime-limit">Count the primes below</label>
      <select
        id="prime-limit"
        value={limit}
        onChange={(event) => {
          startTimer();
          setLimit(Number(event.target.value));
        }}
      >
        {limits.map((value) => (
          <option key={value} value={value}>
            {value.toLocaleString('en-IN')}
          </option>
        ))}
      </select>
      <label>
        <input type="checkbox" checked={memoised} onChange={(event) => setMemoised(event.target.checked)} /> Use
        useMemo
      </label>
      <button
        type="button"
        className="demo-button"
        onClick={() => {
          startTimer();
          setHighlighted(!highlighted);
        }}
      >
        Toggle highlight
      </button>
      {memoised ? (
        <MemoisedResult limit={limit} highlighted={highlighted} />
      ) : (
        <PlainResult limit={limit} highlighted={highlighted} />
      )}
      <p aria-live="polite">
        Last update took <span ref={timeRef}>(not measured yet)</span>.
      </p>
    </div>
  );
}
