/**
 * What a challenge's checks (`challenges/<lesson>/<name>/checks.ts`) use to test the
 * student's component as a user would: render it, find things by role, label
 * or text, click and type, and read what it shows. The checks run in the
 * sandbox, against the student's own code; a check fails with a reason in
 * plain words by calling `fail` (or `expect*`), and any other error it meets
 * is reported as the student's code throwing.
 */
import { createElement, type ComponentType, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { CheckFailure } from './check-failure';
import { click, closest, dispatchEvent, fieldKind, focus, isHtmlElement, requestSubmit, setValueOf, tagOf, valueOf } from './dom-reads';
import { pinMembers } from './lockdown';
import { collapse, describe, matches, roleOf, screenOf, visibleText, type Screen } from './screen';
import { runtimeTimers } from './student-timers';

export { CheckFailure } from './check-failure';
export type { Screen } from './screen';

export interface Check {
  readonly title: string;
  run(tools: CheckTools): void | Promise<void>;
}

/** The default export of a challenge's checks file. */
export function defineChecks(checks: readonly Check[]): readonly Check[] {
  return checks;
}

export interface CheckTools {
  /** The entry file's exports, to test a function it exports. */
  readonly exports: Readonly<Record<string, unknown>>;
  /** The component the entry file shows. */
  readonly Component: ComponentType;
  /** Renders `element` (by default the entry's component) afresh and returns its screen. */
  render(element?: ReactElement): Screen;
  click(element: Element): Promise<void>;
  /** Types `text` at the end of an input or text area, one character at a time. */
  type(element: Element, text: string): Promise<void>;
  /** Empties an input or text area. */
  clear(element: Element): Promise<void>;
  /** Chooses the option with this value in a select. */
  select(element: Element, value: string): Promise<void>;
  /** Submits the form an element belongs to, as pressing Enter would. */
  submit(element: Element): Promise<void>;
  /** Waits for `condition` to stop throwing, up to `timeout` ms; then throws its last error. */
  waitFor<T>(condition: () => T, timeout?: number): Promise<T>;
  sleep(ms: number): Promise<void>;
  /** Fails unless the element's visible text matches (a string must match it whole, ignoring case and spacing). */
  expectText(element: Element, expected: string | RegExp, what?: string): void;
  fail(reason: string): never;
}

/** Lets React finish the work an event started, and its effects. */
const settle = () => new Promise<void>((resolve) => runtimeTimers.setTimeout(resolve, 0));

/** The text field the student's element is, to type into; fails with a reason when it is none. */
function asField(element: Element): HTMLInputElement | HTMLTextAreaElement {
  const kind = fieldKind(element);
  if (kind === 'input' || kind === 'textarea') return element as HTMLInputElement | HTMLTextAreaElement;
  throw new CheckFailure(`Expected a text field to type into, but found a <${tagOf(element)}>.`);
}

function describeElement(element: Element): string {
  const role = roleOf(element);
  return role ? `the ${role}` : `the <${tagOf(element)}>`;
}

/** The tools for one run of the checks; `unmount` clears what they rendered. */
export function createCheckTools(
  Component: ComponentType,
  exports: Readonly<Record<string, unknown>>,
  host: HTMLElement,
  takeError: () => unknown = () => undefined,
): { tools: CheckTools; unmount(): void } {
  let root: Root | undefined;
  // An error the student's code threw while React rendered it (React hands
  // those to the root) or in an event handler: the check that caused it fails with it.
  let uncaught: unknown;
  const rethrow = () => {
    const error = uncaught ?? takeError();
    uncaught = undefined;
    if (error !== undefined) throw error;
  };
  const unmount = () => {
    root?.unmount();
    root = undefined;
    host.replaceChildren();
  };
  const fail = (reason: string): never => {
    throw new CheckFailure(reason);
  };
  const tools: CheckTools = {
    exports,
    Component,
    render(element = createElement(Component)) {
      unmount();
      const container = host.ownerDocument.createElement('div');
      // The student's code can reach this element (a ref's parentElement): what the screen asks of it stays the real thing.
      pinMembers(container);
      host.append(container);
      root = createRoot(container, { onUncaughtError: (error) => (uncaught ??= error) });
      flushSync(() => root!.render(element));
      rethrow();
      return screenOf(container);
    },
    async click(element) {
      if (isHtmlElement(element)) click(element);
      else dispatchEvent(element, new MouseEvent('click', { bubbles: true }));
      await settle();
      rethrow();
    },
    async type(element, text) {
      const field = asField(element);
      focus(field);
      for (const character of text) {
        setValueOf(field, valueOf(field) + character);
        dispatchEvent(field, new Event('input', { bubbles: true }));
      }
      await settle();
      rethrow();
    },
    async clear(element) {
      const field = asField(element);
      setValueOf(field, '');
      dispatchEvent(field, new Event('input', { bubbles: true }));
      await settle();
      rethrow();
    },
    async select(element, value) {
      if (fieldKind(element) !== 'select') fail('Expected a drop-down list (select) to choose from.');
      setValueOf(element, value);
      dispatchEvent(element, new Event('change', { bubbles: true }));
      await settle();
      rethrow();
    },
    async submit(element) {
      const form = closest(element, 'form');
      if (!form) fail('Expected a form to submit, but the field is not inside a <form>.');
      requestSubmit(form!);
      await settle();
      rethrow();
    },
    async waitFor(condition, timeout = 1000) {
      const until = Date.now() + timeout;
      for (;;) {
        try {
          return condition();
        } catch (error) {
          if (Date.now() >= until) throw error;
        }
        await new Promise((resolve) => runtimeTimers.setTimeout(resolve, 20));
      }
    },
    sleep: (ms) => new Promise((resolve) => runtimeTimers.setTimeout(resolve, ms)),
    expectText(element, expected, what = describeElement(element)) {
      const text = collapse(visibleText(element));
      if (!matches(text, expected)) fail(`Expected ${what} to show ${describe(expected)}, but it shows "${text}".`);
    },
    fail,
  };
  return { tools, unmount };
}
