import { useId, useState } from 'react';
import { ticketTotal, totalsWorkedOut, type TicketType } from './prices';

// Another correct answer, without useMemo: the note keeps its own state in its
// own component, so typing it renders only that component, never the total.
function BoxOfficeNote() {
  const [note, setNote] = useState('');
  const id = useId();
  return (
    <>
      <label htmlFor={id}>Note for the box office</label>
      <input id={id} value={note} onChange={(event) => setNote(event.target.value)} />
    </>
  );
}

export function TicketOrder() {
  const [type, setType] = useState<TicketType>('student');
  const [count, setCount] = useState(1);
  const id = useId();

  const total = ticketTotal(type, count);

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
      <BoxOfficeNote />
      <p aria-live="polite" className="demo-value">
        Total: ₹{total.toLocaleString('en-IN')}
      </p>
      <p>Totals worked out so far: {totalsWorkedOut()}</p>
    </div>
  );
}
