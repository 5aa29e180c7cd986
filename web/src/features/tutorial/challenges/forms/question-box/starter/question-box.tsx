import { useState } from 'react';

export function QuestionBox() {
  const [question] = useState('');
  const [questions] = useState<string[]>([]);

  return (
    <div className="demo-stack">
      <form className="demo-form">
        <label htmlFor="question">Your question</label>
        <input id="question" value={question} />
        <button type="submit" className="demo-button">
          Ask
        </button>
      </form>

      <h3>Questions so far</h3>
      <ul>
        {questions.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  );
}
