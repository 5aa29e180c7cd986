import { expectTheSolutionRecorded, passesInAccount, signInAtChallenge, watchPassWrites, type ChallengeUnderTest } from './check-forgery-helpers';
import { expect, staticOnly, test } from './fixtures';
import { READ_FAKES } from './check-forgery-reads';

// A pass a teacher sees must be hard to forge. The student's code runs in the
// same frame as the challenge's checks, and can post anything from it; the
// checks answer the page over a MessagePort handed to them before the student's
// code runs, with the built-ins they depend on locked. Here a signed-in student
// tries, as a new user would, to pass a challenge without solving it: by
// answering the check as the checks would, by patching the check tools and the
// built-ins or what the tools call on the document, by posting a result with
// a port of their own, and by giving its own elements a text or a value that is
// not what they show. Each time the
// challenge stays not passed, and the account records no pass; the real
// solution then passes and is recorded.

test.skip(staticOnly, 'the sandbox document and the account are served by the real server');

const CLICK_COUNTER: ChallengeUnderTest = {
  lesson: '/react/web-hooks/use-state',
  title: 'Count the clicks',
  id: 'use-state/click-counter',
  file: 'click-counter.tsx',
  shows: 'Clicked 0 times',
};

/** What an all-pass answer of this challenge's checks looks like. */
const FAKE_RESULTS = `[
  { title: 'At first the button says "Clicked 0 times"', passed: true },
  { title: 'Each click adds one to the count', passed: true },
  { title: 'One click says "time", not "times"', passed: true },
]`;

/** The starter's wrong counter (a plain variable), with `before` run as the module loads and `inside` in the component. */
const starterWith = (before: string, inside = '') =>
  [
    "import { useEffect, useState } from 'react';",
    '',
    before,
    'export function ClickCounter() {',
    '  let count = 0;',
    inside,
    '  return (',
    '    <>',
    "      <button onClick={() => { count += 1; }}>Clicked {count} {count === 1 ? 'time' : 'times'}</button>",
    '      <Report />',
    '    </>',
    '  );',
    '}',
    '',
  ].join('\n');

/** (a) Answers the page's check message itself, and posts all-pass answers for any run it might be. */
const ANSWERS_THE_CHECK = starterWith(
  [
    `const results = ${FAKE_RESULTS};`,
    'const answer = (id: unknown, nonce?: unknown) =>',
    "  window.parent.postMessage({ type: 'checked', id, nonce, results }, '*');",
    "window.addEventListener('message', (event) => {",
    "  if (event.data?.type === 'check') answer(event.data.id, event.data.nonce);",
    '});',
    '// The check could be any of the next few runs: answer them all, again and again.',
    'setInterval(() => { for (let id = 1; id < 40; id += 1) answer(id); }, 20);',
    "function Report() { return <p>answering checks</p>; }",
  ].join('\n'),
);

/** (b) Patches the check tools and the built-ins they use to report a pass; says how many patches took hold. */
const PATCHES_THE_TOOLS = starterWith(
  [
    `const results = ${FAKE_RESULTS};`,
    'const patched: string[] = [];',
    'const attempt = (name: string, patch: () => void) => {',
    '  try { patch(); patched.push(name); } catch { /* refused */ }',
    '};',
    '// A check runner on the window would be replaced; there is none to replace.',
    '(window as any).__checks = { run: () => results };',
    "attempt('every', () => { Array.prototype.every = function () { return true; }; });",
    "attempt('test', () => { RegExp.prototype.test = function () { return true; }; });",
    "attempt('stringify', () => { JSON.stringify = () => '{\"passed\":true}'; });",
    "attempt('JSON', () => { (window as any).JSON = { stringify: () => 'pass', parse: () => ({}) }; if (JSON.parse('1') !== 1) return; throw 0; });",
    "attempt('postMessage', () => {",
    '  const original = MessagePort.prototype.postMessage;',
    '  MessagePort.prototype.postMessage = function (this: MessagePort, message: any, ...rest: any[]) {',
    '    const forged = message?.results ? { ...message, results: message.results.map((r: any) => ({ ...r, passed: true, reason: undefined })) } : message;',
    '    return (original as any).call(this, forged, ...rest);',
    '  } as any;',
    '});',
    "attempt('defineProperty', () => { Object.defineProperty(Object.prototype, 'passed', { get: () => true, set() {}, configurable: true }); });",
    "attempt('push', () => { Object.defineProperty(Array.prototype, 'push', { value: function (this: any[], ...items: any[]) { for (const item of items) this[this.length] = { ...item, passed: true }; return this.length; } }); });",
    "attempt('then', () => { Promise.prototype.then = function () { return this; } as any; });",
    "function Report() { return <p>{patched.length === 0 ? 'every patch refused' : 'patched: ' + patched.join(' ')}</p>; }",
  ].join('\n'),
);

/** (c) Looks for the check channel's port, and posts a fake result with ports of its own. */
const FORGES_A_PORT = starterWith(
  [
    `const results = ${FAKE_RESULTS};`,
    'const found: string[] = [];',
    'for (const name of Object.getOwnPropertyNames(window)) {',
    '  try { if ((window as any)[name] instanceof MessagePort) found.push(name); } catch { /* not readable */ }',
    '}',
    'const channel = new MessageChannel();',
    'const forge = () => {',
    '  for (let id = 1; id < 40; id += 1) {',
    "    const message = { type: 'checked', id, nonce: 'guessed', results };",
    '    const own = new MessageChannel();',
    "    window.parent.postMessage(message, '*', [own.port2]);",
    '    own.port1.postMessage(message);',
    '    channel.port1.postMessage(message);',
    '  }',
    '};',
    '// A second hand-over of a port, as the page does with the runtime.',
    'window.dispatchEvent(new MessageEvent(\'message\', { data: { type: \'runtime\', code: \'\' }, source: window.parent, ports: [channel.port2] }));',
    "window.parent.postMessage({ type: 'runtime', code: '' }, '*', [new MessageChannel().port2]);",
    'setInterval(forge, 20);',
    "function Report() { return <p>{found.length === 0 ? 'no port found' : 'ports: ' + found.join(' ')}</p>; }",
  ].join('\n'),
);

/**
 * (d) Reaches for the check runner through the functions that call it: a component in sloppy
 * mode (made with `Function`, which ignores the module's strict mode), called by the runtime's
 * React, climbs `caller` and V8's stack trace API and says how many of the runtime's functions
 * it reached (the check runner's among them, were they reachable).
 */
const REACHES_FOR_THE_RUNNER = starterWith(
  [
    "import { createElement } from 'react';",
    'const Report = Function(\'createElement\', `const reached = new Set();',
    '  return function Report() {',
    '    try { for (let fn = Report.caller, depth = 0; fn && depth < 50; fn = fn.caller, depth += 1) reached.add(fn); } catch {}',
    '    const prepare = Error.prepareStackTrace;',
    '    Error.prepareStackTrace = (error, sites) => sites.map((site) => site.getFunction());',
    '    const functions = new Error().stack;',
    '    Error.prepareStackTrace = prepare;',
    '    for (const fn of functions) if (fn && fn !== Report) reached.add(fn);',
    "    return createElement('p', null, reached.size === 0 ? 'no runner reached' : 'reached ' + reached.size + ' functions');",
    '  };`)(createElement);',
  ].join('\n'),
);

/**
 * (e) Redefines what the check tools call on the document, the check area and the clock: its
 * `document.createElement` makes buttons whose click shows the count the checks expect.
 */
const REDEFINES_WHAT_THE_TOOLS_CALL = starterWith(
  [
    'const patched: string[] = [];',
    'const attempt = (name: string, patch: () => void) => {',
    '  try { patch(); patched.push(name); } catch { /* refused */ }',
    '};',
    '// The real ones from the prototypes: this module runs again for each run, over its own patches.',
    'const realCreateElement = Document.prototype.createElement.bind(document);',
    'const forgedButton = (tag: string, options?: ElementCreationOptions) => {',
    '  const element = realCreateElement(tag, options);',
    "  if (tag !== 'button') return element;",
    '  let clicks = 0;',
    '  const click = () => { clicks += 1; element.textContent = `Clicked ${clicks} ${clicks === 1 ? \'time\' : \'times\'}`; };',
    "  Object.defineProperty(element, 'click', { value: click, configurable: true });",
    '  return element;',
    '};',
    "attempt('createElement', () => { Object.defineProperty(document, 'createElement', { value: forgedButton, configurable: true }); });",
    "attempt('getElementById', () => { Object.defineProperty(document, 'getElementById', { value: () => null, configurable: true }); });",
    "attempt('append', () => {",
    "  const area = document.querySelector('.sandbox-checks')!;",
    '  const append = Element.prototype.append.bind(area);',
    "  Object.defineProperty(area, 'append', { value: (...nodes: Node[]) => append(...nodes), configurable: true });",
    '});',
    "attempt('now', () => { Object.defineProperty(performance, 'now', { value: () => 0, configurable: true }); });",
    "attempt('performance', () => { (window as any).performance = { now: () => 0 }; });",
    "function Report() { return <p>{patched.length === 0 ? 'every patch refused' : 'patched: ' + patched.join(' ')}</p>; }",
  ].join('\n'),
);

/** (f) Gives the button it renders a click of its own, through a ref: the click shows the count the checks expect. */
const GIVES_ITS_BUTTON_ITS_OWN_CLICK = starterWith(
  [
    'const forgeCount = (paragraph: HTMLParagraphElement | null) => {',
    '  const button = paragraph?.previousElementSibling;',
    '  if (!(button instanceof HTMLButtonElement)) return;',
    '  let clicks = 0;',
    '  const click = () => { clicks += 1; button.textContent = `Clicked ${clicks} ${clicks === 1 ? \'time\' : \'times\'}`; };',
    "  Object.defineProperty(button, 'click', { value: click, configurable: true });",
    '};',
    "function Report() { return <p ref={forgeCount}>a click of its own</p>; }",
  ].join('\n'),
);

/** A correct answer. */
const SOLUTION = [
  "import { useState } from 'react';",
  '',
  'export function ClickCounter() {',
  '  const [count, setCount] = useState(0);',
  "  return <button onClick={() => setCount(count + 1)}>Clicked {count} {count === 1 ? 'time' : 'times'}</button>;",
  '}',
  '',
].join('\n');

const attacks = [
  ['answers the check message itself with all-pass', ANSWERS_THE_CHECK, 'answering checks'],
  ['patches the check tools and the built-ins to report a pass', PATCHES_THE_TOOLS, 'every patch refused'],
  ['looks for the check port, and posts a fake result with ports of its own', FORGES_A_PORT, 'no port found'],
  ['reaches for the check runner through caller and stack traces', REACHES_FOR_THE_RUNNER, 'no runner reached'],
  ['redefines document.createElement, getElementById, the check area\'s append and performance.now', REDEFINES_WHAT_THE_TOOLS_CALL, 'every patch refused'],
  ['gives the button it renders a click of its own', GIVES_ITS_BUTTON_ITS_OWN_CLICK, 'a click of its own'],
] as const;

test.describe('a challenge cannot be passed without solving it', () => {
  for (const [how, code, report] of attacks) {
    test(`code that ${how}`, async ({ page }) => {
      const parts = await signInAtChallenge(page, CLICK_COUNTER);
      const { challenge, editor, result } = parts;
      const passesSent = watchPassWrites(page);

      await editor.fill(code);
      await expect(result.getByText(report)).toBeVisible();
      await challenge.getByRole('button', { name: 'Check' }).click();
      // The real checks' verdict: the starter's counter never counts.
      await expect(challenge.getByText('1 of 3 checks pass. Keep going: the reasons are below.')).toBeVisible();
      await expect(challenge.locator('.check--failed').filter({ hasText: 'Each click adds one to the count' })).toContainText(
        'but it shows "Clicked 0 times"',
      );
      // Checked again, while the forged answers keep coming: still the real verdict.
      await challenge.getByRole('button', { name: 'Check' }).click();
      await expect(challenge.getByText('1 of 3 checks pass. Keep going: the reasons are below.')).toBeVisible();
      await expect(page.getByRole('heading', { name: `Challenge: ${CLICK_COUNTER.title}`, exact: true })).toBeVisible();
      await expect(challenge.getByText(/All \d+ checks pass/)).toHaveCount(0);
      expect(await passesInAccount(page)).toEqual([]);
      expect(passesSent).toEqual([]);

      // The real solution, in the same sandbox's place, passes and is recorded.
      await expectTheSolutionRecorded(page, parts, CLICK_COUNTER, SOLUTION, 3);
    });
  }

  for (const fake of READ_FAKES) {
    test(`code that ${fake.how}`, async ({ page }) => {
      const parts = await signInAtChallenge(page, fake.challenge);
      const { challenge, editor, result } = parts;
      const passesSent = watchPassWrites(page);

      await editor.fill(fake.code);
      await expect(result.getByText(fake.challenge.shows)).toBeVisible();
      // What the student sees differs from what the element says of itself.
      await parts.showResult();
      await fake.showsTheFake(result);
      await challenge.getByRole('button', { name: 'Check' }).click();
      await expect(challenge.getByText(fake.verdict)).toBeVisible();
      await expect(challenge.locator('.check--failed').filter({ hasText: fake.failed })).toContainText(fake.reason);
      await expect(page.getByRole('heading', { name: `Challenge: ${fake.challenge.title}`, exact: true })).toBeVisible();
      expect(await passesInAccount(page)).toEqual([]);
      expect(passesSent).toEqual([]);

      await expectTheSolutionRecorded(page, parts, fake.challenge, fake.solution, fake.checks);
    });
  }
});
