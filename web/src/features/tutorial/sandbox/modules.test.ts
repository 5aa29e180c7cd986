import { describe, expect, it } from 'vitest';
import { compileFiles } from '../playground/transform';
import { createModules, locateError, ModuleNotFound, pickComponent } from './modules';

const react = { useState: (value: unknown) => [value, () => {}] };
const host = (styles: string[] = []) => ({
  packages: { react },
  hostModules: { config: { placeholderApiUrl: 'http://stand-in.test' } },
  addStyle: (path: string, css: string) => styles.push(`${path}: ${css}`),
  loopGuard: () => true as const,
});

describe('createModules', () => {
  it('runs the entry and the files it imports, each once, with packages and the page’s modules', () => {
    const files = compileFiles([
      { path: 'demos/a/main.ts', code: "import { twice } from './math';\nimport { useState } from 'react';\nimport { placeholderApiUrl } from '../../config';\nimport { calls } from './math';\nexport const answer = twice(21);\nexport const state = useState(1)[0];\nexport const url = placeholderApiUrl;\nexport const mathRuns = calls;\n" },
      { path: 'demos/a/math.ts', code: 'export let calls = 0;\ncalls += 1;\nexport const twice = (n: number) => n * 2;\n' },
    ]);
    const exports = createModules(files, host()).require('demos/a/main.ts');
    expect(exports).toMatchObject({ answer: 42, state: 1, url: 'http://stand-in.test', mathRuns: 1 });
  });

  it('applies stylesheets and gives CSS modules their scoped names', () => {
    const styles: string[] = [];
    const files = compileFiles([
      { path: 'demos/s/s.ts', code: "import './plain.css';\nimport names from './box.module.css';\nexport const box = names.box;\n" },
      { path: 'demos/s/plain.css', code: 'p { margin: 0 }' },
      { path: 'demos/s/box.module.css', code: '.box { padding: 0 }' },
    ]);
    const exports = createModules(files, host(styles)).require('demos/s/s.ts');
    expect(exports.box).toMatch(/^box_/);
    expect(styles).toEqual(['demos/s/plain.css: p { margin: 0 }', `demos/s/box.module.css: .${String(exports.box)} { padding: 0 }`]);
  });

  it('says which import cannot be found, and by which file', () => {
    const files = compileFiles([{ path: 'demos/a/main.ts', code: "import './nowhere';\n" }]);
    expect(() => createModules(files, host()).require('demos/a/main.ts')).toThrow(new ModuleNotFound('./nowhere', 'demos/a/main.ts'));
    expect(new ModuleNotFound('./nowhere', 'demos/a/main.ts').message).toBe("Cannot find './nowhere', imported by main.ts.");
  });

  it('names the file and line an error was thrown from', () => {
    const files = compileFiles([{ path: 'demos/a/boom.ts', code: '// line 1\n\nthrow new Error("boom");\n' }]);
    let error: unknown;
    try {
      createModules(files, host()).require('demos/a/boom.ts');
    } catch (caught) {
      error = caught;
    }
    expect(locateError(error, ['demos/a/boom.ts'])).toMatchObject({ file: 'boom.ts', line: 3 });
  });
});

describe('pickComponent', () => {
  const A = () => null;
  const B = () => null;
  it('takes the default export first', () => {
    expect(pickComponent({ B, default: A })).toBe(A);
  });
  it('else the first exported component, skipping constants and lower-case functions', () => {
    expect(pickComponent({ UNIT_PRICE: 100, helper: () => 1, B, A })).toBe(B);
  });
  it('accepts memo and forwardRef objects, and finds nothing in a file without components', () => {
    const memo = { $$typeof: Symbol.for('react.memo') };
    expect(pickComponent({ Memoised: memo })).toBe(memo);
    expect(pickComponent({ total: 1 })).toBeUndefined();
  });
});
