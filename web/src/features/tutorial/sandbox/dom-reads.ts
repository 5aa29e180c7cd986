/**
 * The DOM as the check tools and the challenges' checks read it and act on it:
 * the browser's own functions, taken from the prototypes as this module loads
 * (before any of the student's code runs) and called on the node itself. The
 * student's code can give an element it rendered a `click`, a `textContent` or
 * a `value` of its own (a ref reaches it), or another prototype; a lookup on
 * the element would find those first, and a button could "count" without its
 * component doing so. These never look: each getter checks that the node
 * really is of its kind, so what kind a node is is asked of the node's own
 * getters too, never of `instanceof`.
 */
const { apply } = Reflect;
const { getOwnPropertyDescriptor } = Object;

// Looked up by name: the module loads in tests and at build time too, where there is no DOM.
// There the functions are never called.
const prototypeOf = (name: string): object =>
  (globalThis as unknown as Record<string, { prototype?: object } | undefined>)[name]?.prototype ?? {};

function method<Args extends unknown[], Result>(interfaceName: string, key: string) {
  const fn = getOwnPropertyDescriptor(prototypeOf(interfaceName), key)?.value as (...args: Args) => Result;
  return (self: object, ...args: Args): Result => apply(fn, self, args);
}

function getter<Result>(interfaceName: string, key: string) {
  const get = getOwnPropertyDescriptor(prototypeOf(interfaceName), key)?.get as () => Result;
  return (self: object): Result => apply(get, self, []);
}

function setter<Value>(interfaceName: string, key: string) {
  const set = getOwnPropertyDescriptor(prototypeOf(interfaceName), key)?.set as (value: Value) => void;
  return (self: object, value: Value): void => void apply(set, self, [value]);
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

const firstChild = getter<ChildNode | null>('Node', 'firstChild');
const nextSibling = getter<ChildNode | null>('Node', 'nextSibling');
export const nodeType = getter<number>('Node', 'nodeType');
export const textContent = getter<string | null>('Node', 'textContent');
export const parentElement = getter<Element | null>('Node', 'parentElement');
export const ownerDocument = getter<Document>('Node', 'ownerDocument');
export const contains = method<[Node | null], boolean>('Node', 'contains');
export const getElementById = method<[string], HTMLElement | null>('Document', 'getElementById');
const localName = getter<string>('Element', 'localName');
const namespaceURI = getter<string | null>('Element', 'namespaceURI');
export const getAttribute = method<[string], string | null>('Element', 'getAttribute');
export const matchesSelector = method<[string], boolean>('Element', 'matches');
export const closest = method<[string], Element | null>('Element', 'closest');
const querySelectorAllOf = method<[string], NodeList>('Element', 'querySelectorAll');
const nodeListLength = getter<number>('NodeList', 'length');
const nodeListItem = method<[number], Node | null>('NodeList', 'item');
export const isHiddenElement = getter<boolean>('HTMLElement', 'hidden');
export const click = method<[], void>('HTMLElement', 'click');
export const focus = method<[], void>('HTMLElement', 'focus');
export const dispatchEvent = method<[Event], boolean>('EventTarget', 'dispatchEvent');
export const requestSubmit = method<[], void>('HTMLFormElement', 'requestSubmit');
const optionText = getter<string>('HTMLOptionElement', 'text');
const optionValue = getter<string>('HTMLOptionElement', 'value');
const htmlStyle = getter<CSSStyleDeclaration>('HTMLElement', 'style');
const svgStyle = getter<CSSStyleDeclaration>('SVGElement', 'style');
const getPropertyValue = method<[string], string>('CSSStyleDeclaration', 'getPropertyValue');
export const defaultPrevented = getter<boolean>('Event', 'defaultPrevented');
export const preventDefault = method<[], void>('Event', 'preventDefault');
const errorOfEvent = getter<unknown>('ErrorEvent', 'error');
const messageOfEvent = getter<string>('ErrorEvent', 'message');

/** A form field's own interface: its value and its labels, as the browser keeps them. */
const FIELDS = {
  input: { value: getter<string>('HTMLInputElement', 'value'), setValue: setter<string>('HTMLInputElement', 'value'), labels: getter<NodeList>('HTMLInputElement', 'labels') },
  textarea: { value: getter<string>('HTMLTextAreaElement', 'value'), setValue: setter<string>('HTMLTextAreaElement', 'value'), labels: getter<NodeList>('HTMLTextAreaElement', 'labels') },
  select: { value: getter<string>('HTMLSelectElement', 'value'), setValue: setter<string>('HTMLSelectElement', 'value'), labels: getter<NodeList>('HTMLSelectElement', 'labels') },
} as const;
const inputType = getter<string>('HTMLInputElement', 'type');

export type FieldKind = keyof typeof FIELDS;

export const isElement = (node: Node): node is Element => nodeType(node) === ELEMENT_NODE;
export const isText = (node: Node): boolean => nodeType(node) === TEXT_NODE;
export const isHtmlElement = (node: Node): node is HTMLElement => isElement(node) && namespaceURI(node) === HTML_NAMESPACE;

/** The element's tag name in lower case (`button`), as the browser knows it. */
export const tagOf = (element: Element): string => localName(element);

/** `input`, `textarea` or `select` when the element is that kind of form field; undefined otherwise. */
export function fieldKind(element: Element): FieldKind | undefined {
  if (!isHtmlElement(element)) return undefined;
  const tag = localName(element);
  return tag === 'input' || tag === 'textarea' || tag === 'select' ? tag : undefined;
}

/** The input's type (`text`, `submit`, …), as the browser reads its attribute. */
export const typeOfInput = (input: Element): string => inputType(input);

/** What a form field holds; '' for an element that is none. */
export function valueOf(element: Element): string {
  const kind = fieldKind(element);
  return kind ? FIELDS[kind].value(element) : '';
}

/** Puts `value` in a form field as the browser does, around React's record of the value it last saw, as typing does. */
export function setValueOf(element: Element, value: string) {
  const kind = fieldKind(element);
  if (kind) FIELDS[kind].setValue(element, value);
}

/** The labels of a form field, in document order. */
export function labelsOf(element: Element): Element[] {
  const kind = fieldKind(element);
  return kind ? listed(FIELDS[kind].labels(element)).filter(isElement) : [];
}

/** The items of a NodeList, read with the browser's own `length` and `item` (a list the student reached could have its own). */
function listed(list: NodeList | null): Node[] {
  const nodes: Node[] = [];
  if (!list) return nodes;
  for (let index = 0, length = nodeListLength(list); index < length; index += 1) nodes.push(nodeListItem(list, index)!);
  return nodes;
}

/** The elements inside `element` that match `selector`, in document order. */
export const querySelectorAll = (element: Element, selector: string): Element[] => listed(querySelectorAllOf(element, selector)).filter(isElement);

/** The node's children, walked with the browser's own getters. */
export function childNodesOf(node: Node): Node[] {
  const children: Node[] = [];
  for (let child = firstChild(node); child; child = nextSibling(child)) children.push(child);
  return children;
}

/** A select's options: what each shows and the value it chooses. */
export const optionsOf = (select: Element): Array<{ text: string; value: string }> =>
  querySelectorAll(select, 'option').map((option) => ({ text: optionText(option), value: optionValue(option) }));

/** The value the element's inline style gives a CSS property (`width`); '' when it gives none. */
export function inlineStyle(element: Element, property: string): string {
  const style = isHtmlElement(element) ? htmlStyle(element) : namespaceURI(element) === 'http://www.w3.org/2000/svg' ? svgStyle(element) : undefined;
  return style ? getPropertyValue(style, property) : '';
}

/** What an error event says was thrown: the error itself, or else its message. */
export const thrownBy = (event: ErrorEvent): unknown => errorOfEvent(event) ?? messageOfEvent(event);
