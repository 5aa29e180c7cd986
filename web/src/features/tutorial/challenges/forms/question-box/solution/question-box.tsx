import { useState, type ChangeEvent, type FormEvent } from 'react';

export function QuestionBox() {
  const [question, setQuestion] = useState('');
  const [questions, setQuestions] = useState<string[]>([]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    setQuestion(event.target.value);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (question.trim() === '') return;
    setQuestions([...questions, question.trim()]);
    setQuestion('');
  }

  return (
    <div className="demo-stack">
      <form className="demo-form" onSubmit={handleSubmit}>
        <label htmlFor="question">Your question</label>
        <input id="question" value={question} onChange={handleChange} />
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
