/**
 * The student's rendered markup as a person perceives it, for the checks: its
 * visible text, and its elements found by role and accessible name, by label
 * or by text (as Testing Library finds them, in the simple cases that demos
 * have). Every read of an element goes through the browser's own getters
 * (dom-reads.ts), so nothing the student's code gives an element of its own
 * changes what the checks see.
 */
import { CheckFailure } from './check-failure';
import {
  childNodesOf, fieldKind, getAttribute, getElementById, isElement, isHiddenElement, isHtmlElement, isText, labelsOf, matchesSelector, ownerDocument,
  parentElement, querySelectorAll, tagOf, textContent, typeOfInput, valueOf,
} from './dom-reads';

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

export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export const matches = (value: string, expected: string | RegExp) =>
  typeof expected === 'string' ? collapse(value).toLowerCase() === collapse(expected).toLowerCase() : expected.test(collapse(value));

/** What is expected, in words: a regular expression of plain text reads as that text. */
export function describe(expected: string | RegExp): string {
  if (typeof expected === 'string') return `"${expected}"`;
  const text = expected.source.replace(/^\^|\$$/g, '').replace(/\\s[+*]?/g, ' ');
  return /^[\w ,.!?'"-]*$/.test(text) ? `"${text}"` : `text like ${String(expected)}`;
}

const hiddenByItself = (element: Element) => getAttribute(element, 'aria-hidden') === 'true' || (isHtmlElement(element) && isHiddenElement(element));

/** Text a person perceives, without parts hidden from assistive technology. */
export function visibleText(element: Element): string {
  let text = '';
  for (const node of childNodesOf(element)) {
    if (isText(node)) text += textContent(node) ?? '';
    else if (isElement(node) && !hiddenByItself(node)) text += visibleText(node);
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

export function roleOf(element: Element): string | undefined {
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
  const field = fieldKind(element);
  if (field) {
    const labels = labelsOf(element);
    if (labels.length > 0) return labels.map(visibleText).join(' ');
    if (field === 'input' && ['button', 'submit', 'reset'].includes(typeOfInput(element))) return valueOf(element);
    return getAttribute(element, 'placeholder') ?? getAttribute(element, 'title') ?? '';
  }
  if (isHtmlElement(element) && tagOf(element) === 'img') return getAttribute(element, 'alt') ?? '';
  return visibleText(element);
}

/** The accessible name of an element, in the simple cases that demos have. */
export function accessibleName(element: Element): string {
  return collapse(labelText(element));
}

function isHidden(element: Element): boolean {
  for (let node: Element | null = element; node; node = parentElement(node)) {
    if (hiddenByItself(node)) return true;
  }
  return false;
}

export function screenOf(container: HTMLElement): Screen {
  const everything = () => querySelectorAll(container, '*').filter(isHtmlElement);
  const byRole = (role: string, name?: string | RegExp) =>
    everything().filter((element) => roleOf(element) === role && !isHidden(element) && (name === undefined || matches(accessibleName(element), name)));
  const what = (role: string, name?: string | RegExp) => (name === undefined ? `a ${role}` : `a ${role} named ${describe(name)}`);
  const byText = (text: string | RegExp) =>
    everything().filter(
      (element) =>
        !isHidden(element) &&
        matches(visibleText(element), text) &&
        !childNodesOf(element).some((child) => isElement(child) && matches(visibleText(child), text)),
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
      const found = querySelectorAll(container, 'input, select, textarea').filter((element) => matches(accessibleName(element), label));
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
