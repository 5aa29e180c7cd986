import { describe, expect, it } from 'vitest';
import { resolveImport } from './resolve';

const files = new Set(['demos/cart/cart-demo.tsx', 'demos/cart/cart.ts', 'demos/render-count/use-render-count.ts', 'demos/styles/a.module.css', 'config']);
const known = (path: string) => files.has(path);

describe('resolveImport', () => {
  it('finds a sibling file without its extension, as bundlers do', () => {
    expect(resolveImport('demos/cart/cart-demo.tsx', './cart', known)).toBe('demos/cart/cart.ts');
  });

  it('climbs folders with ../', () => {
    expect(resolveImport('demos/cart/cart-demo.tsx', '../render-count/use-render-count', known)).toBe('demos/render-count/use-render-count.ts');
    expect(resolveImport('demos/cart/cart-demo.tsx', '../../config', known)).toBe('config');
  });

  it('takes a path with its extension as it is', () => {
    expect(resolveImport('demos/styles/a.tsx', './a.module.css', known)).toBe('demos/styles/a.module.css');
  });

  it('finds nothing for a missing file, a path above the root, or a package name', () => {
    expect(resolveImport('demos/cart/cart-demo.tsx', './missing', known)).toBeUndefined();
    expect(resolveImport('demos/cart/cart-demo.tsx', '../../../../etc/passwd', known)).toBeUndefined();
    expect(resolveImport('demos/cart/cart-demo.tsx', 'react', known)).toBeUndefined();
  });
});
