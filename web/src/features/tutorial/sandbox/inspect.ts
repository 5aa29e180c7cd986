/**
 * A value as the sandbox's console shows it: strings as they are, and
 * everything else in a short, readable form, like a browser console's
 * one-line preview. Never throws, whatever the student logs.
 */
export function inspect(value: unknown, depth = 0, seen = new Set<object>()): string {
  if (typeof value === 'string') return depth === 0 ? value : JSON.stringify(value);
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return `ƒ ${value.name || 'anonymous'}()`;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof Element !== 'undefined' && value instanceof Element) return `<${value.tagName.toLowerCase()}>`;
  if (seen.has(value)) return '[Circular]';
  if (depth > 2) return Array.isArray(value) ? '[…]' : '{…}';
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      const items = value.slice(0, 20).map((item) => inspect(item, depth + 1, seen));
      if (value.length > 20) items.push(`… ${value.length - 20} more`);
      return `[${items.join(', ')}]`;
    }
    if (value instanceof Map) return `Map(${value.size})`;
    if (value instanceof Set) return `Set(${value.size})`;
    if (value instanceof Date) return value.toISOString();
    const entries = Object.entries(value).slice(0, 20);
    const body = entries.map(([key, item]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${inspect(item, depth + 1, seen)}`);
    return body.length === 0 ? '{}' : `{ ${body.join(', ')} }`;
  } catch {
    return '[object]';
  } finally {
    seen.delete(value);
  }
}
