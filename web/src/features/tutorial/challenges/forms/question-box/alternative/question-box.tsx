import { useState } from 'react';

// Another correct answer: inline handlers, each question with an id of its own, and a numbered list.
interface Question {
  id: number;
  text: string;
}

export function QuestionBox() {
  const [draft, setDraft] = useState('');
  const [asked, setAsked] = useState<Question[]>([]);

  return (
    <div className="demo-stack">
      <form
        className="demo-form"
        onSubmit={(event) => {
          event.preventDefault();
          const text = draft.trim();
          if (!text) return;
          setAsked((previous) => [...previous, { id: previous.length + 1, text }]);
          setDraft('');
        }}
      >
        <label htmlFor="question">Your question</label>
        <input id="question" name="question" value={draft} onChange={(event) => setDraft(event.target.value)} />
        <button type="submit" className="demo-button">
          Ask
        </button>
      </form>

      <h3>Questions so far</h3>
      <ol>
        {asked.map((item) => (
          <li key={item.id}>{item.text}</li>
        ))}
      </ol>
    </div>
  );
}
