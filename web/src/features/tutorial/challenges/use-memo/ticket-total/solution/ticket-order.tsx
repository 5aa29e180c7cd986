import { useId, useMemo, useState } from 'react';
import { ticketTotal, totalsWorkedOut, type TicketType } from './prices';

export function TicketOrder() {
  const [type, setType] = useState<TicketType>('student');
  const [count, setCount] = useState(1);
  const [note, setNote] = useState('');
  const id = useId();

  // The calculation reads both `type` and `count`, so both are dependencies.
  const total = useMemo(() => ticketTotal(type, count), [type, count]);

  return (
    <div className="demo-stack">
      <label htmlFor={`${id}-type`}>Ticket type</label>
      <select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value as TicketType)}>
        <option value="student">Student (₹150)</option>
        <option value="adult">Adult (₹250)</option>
      </select>
      <label htmlFor={`${id}-count`}>Tickets</label>
      <input
        id={`${id}-count`}
        type="number"
        min={1}
        max={10}
        value={count}
        onChange={(event) => setCount(Number(event.target.value))}
      />
      <label htmlFor={`${id}-note`}>Note for the box office</label>
      <input id={`${id}-note`} value={note} onChange={(event) => setNote(event.target.value)} />
      <p aria-live="polite" className="demo-value">
        Total: ₹{total}
      </p>
      <p>Totals worked out so far: {totalsWorkedOut()}</p>
    </div>
  );
}
