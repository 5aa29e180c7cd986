/**
 * What a challenge's checks read off the student's elements and events,
 * beyond what the screen and the tools give them: each read through the
 * browser's own getters and methods (dom-reads.ts), never through the element.
 * The student's code can give an element it rendered a `textContent` or a
 * `value` of its own, through a ref; `element.textContent` would then say
 * whatever it likes, and a timer that never stops could claim it has.
 *
 * A checks file imports this module like any other. In the sandbox, the checks
 * are given this module as it loaded with the runtime, before any of the
 * student's code ran (run-checks.ts).
 */
import { childNodesOf, getAttribute, isElement, isText, querySelectorAll, textContent } from './dom-reads';

export {
  contains, defaultPrevented, fieldKind, focus, inlineStyle, optionsOf, parentElement as parentOf, preventDefault, querySelectorAll, tagOf, thrownBy, valueOf,
} from './dom-reads';

/** The node's text, as `textContent` has it: all of it, hidden parts too. */
export const textOf = (node: Node): string => textContent(node) ?? '';

/** The element's text with a space between elements ("Asha Rao Course: BCom", not "Asha RaoCourse: BCom"), collapsed. */
export function spacedTextOf(element: Element): string {
  const parts = childNodesOf(element).map((node) => (isElement(node) ? ` ${spacedTextOf(node)} ` : isText(node) ? textOf(node) : ''));
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The element's classes, as its `class` attribute lists them. */
export const classesOf = (element: Element): string[] => (getAttribute(element, 'class') ?? '').split(/\s+/).filter((name) => name !== '');

/** The first element inside `element` that matches `selector`; null when none does. */
export const querySelector = (element: Element, selector: string): Element | null => querySelectorAll(element, selector)[0] ?? null;
