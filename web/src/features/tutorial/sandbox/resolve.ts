/** The extensions tried, in order, for an import written without one. */
const EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.js'];

/** `dir/a/../b/./c` as `dir/b/c`; undefined when it climbs above the root. */
function normalise(segments: readonly string[]): string | undefined {
  const out: string[] = [];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else {
      out.push(segment);
    }
  }
  return out.join('/');
}

/**
 * The file a relative import names, as bundlers find it: `./cart` from
 * `demos/cart/cart-demo.tsx` is `demos/cart/cart.ts` when that file exists.
 * Paths without an extension also match `known` entries that have none (the
 * page's own modules, such as `config`). Bare names (`react`) are not files:
 * they give undefined here.
 */
export function resolveImport(from: string, specifier: string, known: (path: string) => boolean): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const directory = from.split('/').slice(0, -1);
  const base = normalise([...directory, ...specifier.split('/')]);
  if (base === undefined) return undefined;
  return EXTENSIONS.map((extension) => base + extension).find(known);
}
