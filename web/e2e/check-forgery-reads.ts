// Student code that gives its own elements a text or a value other than what they show, through
// a ref, so that a check reading `textContent` or `value` off them would see a solved challenge.
// The checks read both through the browser's own getters; these must get the real verdict.
import { readFileSync } from 'node:fs';
import type { FrameLocator } from '@playwright/test';
import type { ChallengeUnderTest } from './check-forgery-helpers';
import { expect } from './fixtures';

export interface ReadFake {
  readonly how: string;
  readonly challenge: ChallengeUnderTest;
  readonly code: string;
  /** Shows, in the result, that the element says one thing of itself while the student sees another. */
  readonly showsTheFake: (result: FrameLocator) => Promise<void>;
  /** The real checks' verdict on the code, and the check that fails, with its reason. */
  readonly verdict: string;
  readonly failed: string;
  readonly reason: string;
  readonly solution: string;
  readonly checks: number;
}

const solutionOf = (path: string) => readFileSync(new URL(`../src/features/tutorial/challenges/${path}`, import.meta.url), 'utf8');

/** The starter's timer, whose Stop does not stop, with a paragraph whose own `textContent` tells a stopwatch that does. */
const TIMER_WITH_A_TEXT_OF_ITS_OWN = `import { useState } from 'react';

let clock = { running: false, since: 0, total: 0 };
const tenthsOnClock = () => Math.floor((clock.total + (clock.running ? Date.now() - clock.since : 0)) / 100);
const tellOwnClock = (paragraph: HTMLParagraphElement | null) => {
  if (!paragraph) return;
  clock = { running: false, since: 0, total: 0 };
  Object.defineProperty(paragraph, 'textContent', { get: () => \`Time: \${(tenthsOnClock() / 10).toFixed(1)} s\`, configurable: true });
};

export function Timer() {
  const [tenths, setTenths] = useState(0);
  let intervalId: number | undefined;

  function start() {
    intervalId = window.setInterval(() => setTenths((t) => t + 1), 100);
    if (!clock.running) clock = { ...clock, running: true, since: Date.now() };
  }

  function stop() {
    window.clearInterval(intervalId);
    if (clock.running) clock = { running: false, since: 0, total: clock.total + Date.now() - clock.since };
  }

  return (
    <div className="demo-stack">
      <p className="demo-value" ref={tellOwnClock}>Time: {(tenths / 10).toFixed(1)} s</p>
      <button type="button" onClick={start}>Start</button>
      <button type="button" onClick={stop}>Stop</button>
    </div>
  );
}
`;

/** A question box whose field keeps its text after sending, but whose own \`value\` says it is empty. */
const FIELD_WITH_A_VALUE_OF_ITS_OWN = `import { useState } from 'react';

let sent = false;
const sayEmptyOnceSent = (input: HTMLInputElement | null) => {
  if (!input) return;
  const real = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
  sent = false;
  input.addEventListener('input', () => { sent = false; });
  Object.defineProperty(input, 'value', {
    get: () => (sent ? '' : real.get!.call(input)),
    set: (value: string) => real.set!.call(input, value),
    configurable: true,
  });
};

export function QuestionBox() {
  const [question, setQuestion] = useState('');
  const [questions, setQuestions] = useState<string[]>([]);
  return (
    <div className="demo-stack">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (question.trim()) setQuestions([...questions, question.trim()]);
          setQuestion('');
          sent = true;
        }}
      >
        <label htmlFor="question">Your question</label>
        <input id="question" ref={sayEmptyOnceSent} onChange={(event) => setQuestion(event.target.value)} />
        <button type="submit">Ask</button>
      </form>
      <h3>Questions so far</h3>
      <ul>{questions.map((text) => <li key={text}>{text}</li>)}</ul>
    </div>
  );
}
`;

export const READ_FAKES: readonly ReadFake[] = [
  {
    how: "gives the timer's text a stopwatch of its own, which stops",
    challenge: { lesson: '/react/web-hooks/use-ref', title: 'Make Stop stop', id: 'use-ref/stop-the-timer', file: 'timer.tsx', shows: 'Time: 0.0 s' },
    code: TIMER_WITH_A_TEXT_OF_ITS_OWN,
    async showsTheFake(result) {
      const time = result.getByText(/^Time:/);
      await result.getByRole('button', { name: 'Start' }).click();
      await expect(time).not.toHaveText('Time: 0.0 s');
      await result.getByRole('button', { name: 'Stop' }).click();
      const told = await time.evaluate((element) => element.textContent);
      // The time on the page goes on after Stop; the paragraph's own text has stopped.
      await expect(time).not.toHaveText(told ?? '', { timeout: 2000 });
      expect(await time.evaluate((element) => element.textContent)).toBe(told);
    },
    verdict: '2 of 4 checks pass. Keep going: the reasons are below.',
    failed: 'Stop stops the time',
    reason: 'After pressing Stop, the time should stay at',
    solution: solutionOf('use-ref/stop-the-timer/solution/timer.tsx'),
    checks: 4,
  },
  {
    how: 'gives its question field a value of its own, empty once a question is sent',
    challenge: { lesson: '/react/forms', title: 'Ask a question', id: 'forms/question-box', file: 'question-box.tsx', shows: 'Questions so far' },
    code: FIELD_WITH_A_VALUE_OF_ITS_OWN,
    async showsTheFake(result) {
      const field = result.getByLabel('Your question');
      await field.fill('When is the exam?');
      await result.getByRole('button', { name: 'Ask' }).click();
      await expect(result.getByRole('listitem')).toHaveText('When is the exam?');
      // The field still shows the question; its own value says it is empty.
      await expect(field).toHaveValue('When is the exam?');
      expect(await field.evaluate((element: HTMLInputElement) => element.value)).toBe('');
    },
    verdict: '5 of 6 checks pass. Keep going: the reasons are below.',
    failed: 'The field is empty again after sending',
    reason: 'but it still shows "When is the exam?"',
    solution: solutionOf('forms/question-box/solution/question-box.tsx'),
    checks: 6,
  },
];
