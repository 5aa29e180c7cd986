/**
 * The DOM as the check tools read it and act on it: the browser's own
 * functions, taken from the prototypes as this module loads (before any of the
 * student's code runs) and called on the element itself. The student's code
 * can give an element it rendered a `click` or a `textContent` of its own (a
 * ref reaches it); a lookup on the element would find that one first, and a
 * button could "count" without its component doing so. These never look.
 */
const { apply } = Reflect;
const { getOwnPropertyDescriptor } = Object;

function method<Args extends unknown[], Result>(prototype: object, key: string) {
  const fn = getOwnPropertyDescriptor(prototype, key)?.value as (...args: Args) => Result;
  return (self: object, ...args: Args): Result => apply(fn, self, args);
}

function getter<Result>(prototype: object, key: string) {
  const get = getOwnPropertyDescriptor(prototype, key)?.get as () => Result;
  return (self: object): Result => apply(get, self, []);
}

// Typeof guards: the module loads in tests and at build time too, where there is no DOM.
const hasDom = typeof Node !== 'undefined';
const nodeProto = hasDom ? Node.prototype : {};
const elementProto = hasDom ? Element.prototype : {};
const htmlProto = hasDom ? HTMLElement.prototype : {};

const firstChild = hasDom ? getter<ChildNode | null>(nodeProto, 'firstChild') : () => null;
const nextSibling = hasDom ? getter<ChildNode | null>(nodeProto, 'nextSibling') : () => null;
export const nodeType = hasDom ? getter<number>(nodeProto, 'nodeType') : () => 0;
export const textContent = hasDom ? getter<string | null>(nodeProto, 'textContent') : () => null;
export const parentElement = hasDom ? getter<Element | null>(nodeProto, 'parentElement') : () => null;
export const ownerDocument = hasDom ? getter<Document>(nodeProto, 'ownerDocument') : () => document;
export const getElementById = hasDom ? method<[string], HTMLElement | null>(Document.prototype, 'getElementById') : () => null;
export const getAttribute = hasDom ? method<[string], string | null>(elementProto, 'getAttribute') : () => null;
export const matchesSelector = hasDom ? method<[string], boolean>(elementProto, 'matches') : () => false;
export const isHiddenElement = hasDom ? getter<boolean>(htmlProto, 'hidden') : () => false;
export const click = hasDom ? method<[], void>(htmlProto, 'click') : () => {};
export const dispatchEvent = hasDom ? method<[Event], boolean>(EventTarget.prototype, 'dispatchEvent') : () => false;
export const focus = hasDom ? method<[], void>(htmlProto, 'focus') : () => {};

/** The node's children, walked with the browser's own getters (a NodeList the student reached could be given its own iterator). */
export function childNodesOf(node: Node): Node[] {
  const children: Node[] = [];
  for (let child = firstChild(node); child; child = nextSibling(child)) children.push(child);
  return children;
}
