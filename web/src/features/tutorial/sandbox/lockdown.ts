/**
 * Locks the JavaScript built-ins and the parts of the DOM that the check runner
 * and its channel to the page depend on, before any student code runs in the
 * sandbox (see docs/decisions/0005). Afterwards the student's code can still
 * use every built-in, but cannot change one: a patched `Array.prototype.every`,
 * `JSON.stringify`, `RegExp.prototype.test` or `MessagePort.prototype.postMessage`
 * would otherwise change what the checks conclude, or what they report.
 *
 * It does what SES's `lockdown()` does for these objects (freezes them, and
 * everything reachable from them), in about 1 kB instead of SES's size, and
 * without SES's replacement of `eval` and of errors' stack traces, which the
 * sandbox needs to run the student's modules and point at their lines. It also
 * makes the global names of these built-ins read-only, so that `window.JSON =
 * …` cannot put another object where the check runner looks for the real one.
 *
 * Frozen prototypes are not enough for the objects the runtime and the check
 * tools call methods of: `document`, `performance`, the window and the
 * elements the checks render into. An own property of the instance comes
 * before its prototype's, so `Object.defineProperty(document, 'createElement',
 * …)` would hand the check tools elements of the student's making. Those
 * instances get their prototypes' members as own properties that cannot be
 * redefined (see `pinMembers`).
 */

/** The ECMAScript globals: constructors, namespaces and functions. */
const LANGUAGE = [
  'Object', 'Function', 'Array', 'Number', 'Boolean', 'String', 'Symbol', 'BigInt', 'Date', 'RegExp', 'Promise',
  'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Proxy', 'Reflect', 'JSON', 'Math', 'Intl',
  'Iterator', 'ArrayBuffer', 'DataView', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
  'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'Atomics',
  'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURI', 'encodeURIComponent', 'decodeURI', 'decodeURIComponent',
  'eval',
] as const;

/** Error constructors: their prototypes are locked, not they themselves (see below). */
const ERRORS = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'AggregateError'] as const;

/** The DOM the check tools read and act through, and the channel to the page. */
const DOM = [
  'EventTarget', 'Node', 'Element', 'HTMLElement', 'CharacterData', 'Text', 'Document', 'HTMLDocument',
  'HTMLInputElement', 'HTMLTextAreaElement', 'HTMLSelectElement', 'HTMLOptionElement', 'HTMLFormElement',
  'HTMLButtonElement', 'HTMLLabelElement', 'HTMLImageElement', 'NodeList', 'HTMLCollection', 'NamedNodeMap', 'Attr',
  'DOMTokenList', 'DOMStringMap', 'CSSStyleDeclaration', 'Event', 'UIEvent', 'MouseEvent', 'PointerEvent',
  'KeyboardEvent', 'FocusEvent', 'InputEvent', 'SubmitEvent', 'ErrorEvent', 'MessageEvent', 'MessagePort',
  'MessageChannel', 'Performance', 'ResizeObserver',
] as const;

/**
 * Every other element interface (HTMLDivElement, HTMLParagraphElement, …): each sits between
 * an element and HTMLElement's locked prototype, where a method put on it would hide the real one.
 */
const ELEMENT_INTERFACE = /^(HTML|SVG)\w*Element$/;

/** Functions of the window the check runner and the checks call. */
const WINDOW_FUNCTIONS = [
  'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'getComputedStyle',
  'requestAnimationFrame', 'cancelAnimationFrame', 'structuredClone',
] as const;

/** Objects the runtime itself made: the React it hands to demos, say. Locked one level deep. */
export type Shallow = readonly object[];

const { freeze, getOwnPropertyDescriptor, getOwnPropertyDescriptors, getPrototypeOf, defineProperty, hasOwn } = Object;
const ownKeys = Reflect.ownKeys;

/**
 * Freezing a prototype's data property breaks code that assigns a property of
 * that name to an object inheriting it (the "override mistake": `error.name =
 * 'MyError'` or `thing.toString = …` would throw). As SES does, such properties
 * become a getter and a setter: the getter gives the original value, and the
 * setter puts the assigned value on the object assigned to, never on the prototype.
 */
function allowOverride(prototype: object, key: PropertyKey) {
  const descriptor = getOwnPropertyDescriptor(prototype, key);
  if (!descriptor || !('value' in descriptor) || !descriptor.configurable) return;
  const value: unknown = descriptor.value;
  defineProperty(prototype, key, {
    get: () => value,
    set(this: object, next: unknown) {
      if (this === prototype) throw new TypeError(`Cannot change ${String(key)}: the sandbox's built-ins are locked.`);
      if (hasOwn(this, key)) Reflect.set(this, key, next);
      else defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
    },
    enumerable: descriptor.enumerable,
    configurable: false,
  });
}

/** Freezes `roots` and everything reachable from them: properties, accessors and prototypes. */
function harden(roots: readonly unknown[], skip: ReadonlySet<unknown>) {
  const seen = new Set<unknown>(skip);
  const queue = [...roots];
  while (queue.length > 0) {
    const value = queue.pop();
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) continue;
    seen.add(value);
    freeze(value);
    queue.push(getPrototypeOf(value));
    for (const descriptor of Object.values(getOwnPropertyDescriptors(value))) {
      queue.push(descriptor.value, descriptor.get, descriptor.set);
    }
  }
}

/**
 * Gives `instance` each member of its locked (frozen) prototypes as an own
 * property that can be neither redefined nor deleted: methods as read-only
 * values, accessors with the prototype's own getter and setter (so `title`
 * and `value` work as before). Nothing of the student's can then stand in for
 * them on this instance, not even by changing its prototype. The instance stays
 * extensible: React keeps marks of its own on the document and its containers.
 * Members of a prototype that is not frozen are left alone: they were never
 * the real ones to keep.
 */
export function pinMembers(instance: object) {
  for (let prototype = getPrototypeOf(instance); prototype !== null && prototype !== Object.prototype; prototype = getPrototypeOf(prototype)) {
    if (!Object.isFrozen(prototype)) continue;
    for (const key of ownKeys(prototype)) {
      if (hasOwn(instance, key)) continue;
      const { value, get, set, enumerable } = getOwnPropertyDescriptor(prototype, key)!;
      defineProperty(instance, key, get || set ? { get, set, enumerable, configurable: false } : { value, enumerable, writable: false, configurable: false });
    }
  }
}

/**
 * Locks down this window. `shallow` are the runtime's own objects a student's
 * code gets (the packages it imports): frozen themselves, not what they hold,
 * which React still changes as it renders. `pinned` are the runtime's own
 * elements (where results and checks render), pinned as `document` is.
 */
export function lockDown(shallow: Shallow = [], pinned: readonly object[] = []) {
  const global = globalThis as unknown as Record<string, unknown>;
  const present = (names: readonly string[]) => names.filter((name) => global[name] !== undefined);
  const elementInterfaces = Object.getOwnPropertyNames(globalThis).filter((name) => ELEMENT_INTERFACE.test(name));
  const errors = present(ERRORS).map((name) => global[name] as ErrorConstructor);

  // Objects that no global names, reached only through syntax.
  const hidden = [
    getPrototypeOf(function* generator() {}),
    getPrototypeOf(async function* asyncGenerator() {}),
    getPrototypeOf(async function asynchronous() {}),
    getPrototypeOf([][Symbol.iterator]()),
    getPrototypeOf(new Map()[Symbol.iterator]()),
    getPrototypeOf(new Set()[Symbol.iterator]()),
    getPrototypeOf(''[Symbol.iterator]()),
    getPrototypeOf(/x/[Symbol.matchAll](''))
  ];

  const overridable: Array<[object, readonly PropertyKey[]]> = [
    [Object.prototype, ownKeys(Object.prototype)],
    [Function.prototype, ['constructor', 'toString', 'bind']],
    [Array.prototype, ['constructor', 'toString']],
    [Promise.prototype, ['constructor']],
    ...errors.map((error): [object, readonly PropertyKey[]] => [error.prototype, ['constructor', 'name', 'message', 'toString']]),
  ];
  for (const [prototype, keys] of overridable) for (const key of keys) allowOverride(prototype, key);

  // The error constructors themselves stay open: React sets `Error.prepareStackTrace`
  // while it describes a component's stack, and V8 reads `Error.stackTraceLimit`.
  // Nothing the checks conclude depends on them; their prototypes are locked.
  harden(
    [...present([...LANGUAGE, ...DOM, ...elementInterfaces, ...WINDOW_FUNCTIONS]).map((name) => global[name]), ...errors.map((error) => error.prototype), ...hidden],
    new Set<unknown>(errors),
  );
  for (const object of shallow) {
    freeze(object);
    // A CommonJS package's own exports object, which the bundle's wrapper reads through.
    const inner = (object as { default?: unknown }).default;
    if (typeof inner === 'object' && inner !== null) freeze(inner);
  }

  // The global names keep pointing at the locked objects.
  for (const name of present([...LANGUAGE, ...ERRORS, ...DOM, ...elementInterfaces, ...WINDOW_FUNCTIONS])) {
    const descriptor = getOwnPropertyDescriptor(globalThis, name);
    if (descriptor?.configurable && 'value' in descriptor) defineProperty(globalThis, name, { writable: false, configurable: false });
  }

  // `performance` may be replaced by assignment (a "replaceable" attribute of the window):
  // the name keeps the real one, as `document`'s always does.
  if (getOwnPropertyDescriptor(globalThis, 'performance')?.configurable) {
    defineProperty(globalThis, 'performance', { value: performance, writable: false, configurable: false });
  }
  // The window's own listeners (addEventListener and the like) and the instances the checks call through.
  for (const instance of [globalThis, document, performance, ...pinned]) pinMembers(instance);
}
