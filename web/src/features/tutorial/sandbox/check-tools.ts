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
import {
  childNodesOf, click, dispatchEvent, focus, getAttribute, getElementById, isHiddenElement, matchesSelector, nodeType, ownerDocument, parentElement, textContent,
} from './dom-reads';
import { pinMembers } from './lockdown';

export interface Check {
  readonly title: string;
  run(tools: CheckTools): void | Promise<void>;
}

/** The default export of a challenge's checks file. */
export function defineChecks(checks: readonly Check[]): readonly Check[] {
  return checks;
}

/** A failed check and its reason, written for the student. */
export class CheckFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CheckFailure';
  }
}

export interface Screen {
  /** The rendered markup's container. */
  readonly container: HTMLElement;
  /** All visible text, with white space collapsed. */
  text(): string;
  /** The one element with this role (and accessible name, if given); fails with a reason otherwise. */
  getByRole(role: string, options?: { name?: string | RegExp }): HTMLElement;
  queryByRole(role: string, options?: { name?: string | RegExp }): HTMLElement | null;
  getAllByRole(role: string, options?: { name?: string | RegExp }): HTMLElement[];
  /** The form control labelled by this text. */
  getByLabelText(label: string | RegExp): HTMLElement;
  /** The innermost element whose text matches. */
  getByText(text: string | RegExp): HTMLElement;
  queryByText(text: string | RegExp): HTMLElement | null;
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

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

const matches = (value: string, expected: string | RegExp) =>
  typeof expected === 'string' ? collapse(value).toLowerCase() === collapse(expected).toLowerCase() : expected.test(collapse(value));

/** What is expected, in words: a regular expression of plain text reads as that text. */
function describe(expected: string | RegExp): string {
  if (typeof expected === 'string') return `"${expected}"`;
  const text = expected.source.replace(/^\^|\$$/g, '').replace(/\\s[+*]?/g, ' ');
  return /^[\w ,.!?'"-]*$/.test(text) ? `"${text}"` : `text like ${String(expected)}`;
}

/** Text a person perceives, without parts hidden from assistive technology. */
function visibleText(element: Element): string {
  let text = '';
  for (const node of childNodesOf(element)) {
    if (nodeType(node) === Node.TEXT_NODE) text += textContent(node) ?? '';
    else if (node instanceof Element && getAttribute(node, 'aria-hidden') !== 'true' && !(node instanceof HTMLElement && isHiddenElement(node))) {
      text += visibleText(node);
    }
  }
  return text;
}

const IMPLICIT_ROLES: ReadonlyArray<readonly [selector: string, role: string]> = [
  ['button, input[type=button], input[type=submit], input[type=reset]', 'button'],
  ['a[href]', 'link'],
  ['h1, h2, h3, h4, h5, h6', 'heading'],
  ['input[type=checkbox]', 'checkbox'],
  ['input[type=radio]', 'radio'],
  ['input[type=number]', 'spinbutton'],
  ['input[type=range]', 'slider'],
  ['input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=url], input[type=search], input[type=password], textarea', 'textbox'],
  ['select', 'combobox'],
  ['ul, ol', 'list'],
  ['li', 'listitem'],
  ['img[alt]', 'img'],
  ['form', 'form'],
  ['p', 'paragraph'],
  ['table', 'table'],
  ['tr', 'row'],
  ['dl', 'list'],
];

function roleOf(element: Element): string | undefined {
  const explicit = getAttribute(element, 'role');
  if (explicit) return explicit.split(/\s+/)[0];
  return IMPLICIT_ROLES.find(([selector]) => matchesSelector(element, selector))?.[1];
}

function labelText(element: Element): string {
  const labelledBy = getAttribute(element, 'aria-labelledby');
  if (labelledBy) {
    const document = ownerDocument(element);
    return labelledBy
      .split(/\s+/)
      .map((id) => getElementById(document, id))
      .map((label) => (label ? visibleText(label) : ''))
      .join(' ');
  }
  const ariaLabel = getAttribute(element, 'aria-label');
  if (ariaLabel) return ariaLabel;
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
    const labels = Array.from(element.labels ?? []);
    if (labels.length > 0) return labels.map(visibleText).join(' ');
    if (element instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(element.type)) return element.value;
    return getAttribute(element, 'placeholder') ?? getAttribute(element, 'title') ?? '';
  }
  if (element instanceof HTMLImageElement) return element.alt;
  return visibleText(element);
}

/** The accessible name of an element, in the simple cases that demos have. */
export function accessibleName(element: Element): string {
  return collapse(labelText(element));
}

function isHidden(element: Element): boolean {
  for (let node: Element | null = element; node; node = parentElement(node)) {
    if (getAttribute(node, 'aria-hidden') === 'true' || (node instanceof HTMLElement && isHiddenElement(node))) return true;
  }
  return false;
}

export function screenOf(container: HTMLElement): Screen {
  const byRole = (role: string, name?: string | RegExp) =>
    Array.from(container.querySelectorAll('*')).filter(
      (element): element is HTMLElement =>
        element instanceof HTMLElement && roleOf(element) === role && !isHidden(element) && (name === undefined || matches(accessibleName(element), name)),
    );
  const what = (role: string, name?: string | RegExp) => (name === undefined ? `a ${role}` : `a ${role} named ${describe(name)}`);
  const byText = (text: string | RegExp) =>
    Array.from(container.querySelectorAll('*')).filter(
      (element): element is HTMLElement =>
        element instanceof HTMLElement &&
        !isHidden(element) &&
        matches(visibleText(element), text) &&
        !Array.from(element.children).some((child) => matches(visibleText(child), text)),
    );

  const screen: Screen = {
    container,
    text: () => collapse(visibleText(container)),
    getAllByRole: (role, options) => byRole(role, options?.name),
    queryByRole(role, options) {
      const found = byRole(role, options?.name);
      if (found.length > 1) throw new CheckFailure(`Expected one ${what(role, options?.name).slice(2)}, but found ${found.length}.`);
      return found[0] ?? null;
    },
    getByRole(role, options) {
      const found = screen.queryByRole(role, options);
      if (!found) throw new CheckFailure(`Expected ${what(role, options?.name)}, but there is none.`);
      return found;
    },
    getByLabelText(label) {
      const found = Array.from(container.querySelectorAll('input, select, textarea')).filter((element) => matches(accessibleName(element), label));
      if (found.length === 0) throw new CheckFailure(`Expected a form field labelled ${describe(label)}, but there is none.`);
      return found[0] as HTMLElement;
    },
    queryByText: (text) => byText(text)[0] ?? null,
    getByText(text) {
      const found = byText(text)[0];
      if (!found) throw new CheckFailure(`Expected to see the text ${describe(text)}, but it is not there.`);
      return found;
    },
  };
  return screen;
}

/** Lets React finish the work an event started, and its effects. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setNativeValue(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  // React tracks the value it last saw; the prototype's setter goes around that tracker, as typing does.
  const prototype = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
}

function asField(element: Element): HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) return element;
  throw new CheckFailure(`Expected a text field to type into, but found a <${element.tagName.toLowerCase()}>.`);
}

function describeElement(element: Element): string {
  const role = roleOf(element);
  return role ? `the ${role}` : `the <${element.tagName.toLowerCase()}>`;
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
      if (element instanceof HTMLElement) click(element);
      else dispatchEvent(element, new MouseEvent('click', { bubbles: true }));
      await settle();
      rethrow();
    },
    async type(element, text) {
      const field = asField(element);
      focus(field);
      for (const character of text) {
        setNativeValue(field, field.value + character);
        dispatchEvent(field, new Event('input', { bubbles: true }));
      }
      await settle();
      rethrow();
    },
    async clear(element) {
      const field = asField(element);
      setNativeValue(field, '');
      dispatchEvent(field, new Event('input', { bubbles: true }));
      await settle();
      rethrow();
    },
    async select(element, value) {
      if (!(element instanceof HTMLSelectElement)) fail('Expected a drop-down list (select) to choose from.');
      setNativeValue(element as HTMLSelectElement, value);
      dispatchEvent(element, new Event('change', { bubbles: true }));
      await settle();
      rethrow();
    },
    async submit(element) {
      const form = element instanceof HTMLFormElement ? element : element.closest('form');
      if (!form) fail('Expected a form to submit, but the field is not inside a <form>.');
      form!.requestSubmit();
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
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    expectText(element, expected, what = describeElement(element)) {
      const text = collapse(visibleText(element));
      if (!matches(text, expected)) fail(`Expected ${what} to show ${describe(expected)}, but it shows "${text}".`);
    },
    fail,
  };
  return { tools, unmount };
}
