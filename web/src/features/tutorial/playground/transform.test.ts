import { describe, expect, it } from 'vitest';
import { CompileError, compileFile, scopeCssModule } from './transform';

describe('compileFile', () => {
  it('turns TypeScript and JSX into CommonJS that uses the automatic JSX runtime', () => {
    const compiled = compileFile({
      path: 'demos/like/like.tsx',
      code: "import { useState } from 'react';\nexport function Like(props: { label: string }) {\n  return <b>{props.label}</b>;\n}\n",
    });
    expect(compiled.kind).toBe('script');
    if (compiled.kind !== 'script') return;
    expect(compiled.code).toContain('require("react/jsx-runtime")');
    expect(compiled.code).toContain('exports.Like = Like');
    expect(compiled.code).not.toContain(': { label: string }');
    // Sucrase keeps lines: the return statement stays on line 3.
    expect(compiled.code.split('\n')[2]).toContain('return');
  });

  it('guards the loops of the compiled code', () => {
    const compiled = compileFile({ path: 'a.ts', code: 'export function spin() {\n  while (true) {}\n}\n' });
    expect(compiled.kind === 'script' && compiled.code).toContain('__loopGuard() && (true)');
  });

  it('reports a syntax error with the file name, line and column (from 1)', () => {
    let error: unknown;
    try {
      compileFile({ path: 'demos/counter/counter.tsx', code: 'export function A() {\n  return <div>\n}\n' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CompileError);
    const { file, line, column, message } = error as CompileError;
    expect(file).toBe('counter.tsx');
    expect(line).toBe(3);
    expect(column).toBeGreaterThanOrEqual(1);
    expect(message).not.toMatch(/Error transforming|\(\d+:\d+\)/);
  });

  it('keeps plain CSS as it is and refuses files it cannot run', () => {
    expect(compileFile({ path: 'a.css', code: '.x { color: red }' })).toEqual({ kind: 'style', path: 'a.css', css: '.x { color: red }' });
    expect(() => compileFile({ path: 'notes.md', code: '# hi' })).toThrow(CompileError);
  });
});

describe('scopeCssModule', () => {
  it('scopes every class name and maps the written name to the scoped one', () => {
    const { css, classes } = scopeCssModule({
      path: 'demos/styles/box.module.css',
      code: '/* .note */\n.box { background: url("a.b"); }\n@media (min-width: 30rem) { .box.wide { width: 0.5rem; } }\n',
    });
    expect(Object.keys(classes).sort()).toEqual(['box', 'wide']);
    expect(classes.box).toMatch(/^box_[a-z0-9]+$/);
    expect(css).toContain(`.${classes.box} {`);
    expect(css).toContain(`.${classes.box}.${classes.wide} {`);
    // Comments, strings and numbers inside declarations stay as written.
    expect(css).toContain('/* .note */');
    expect(css).toContain('url("a.b")');
    expect(css).toContain('width: 0.5rem');
  });

  it('gives the same class different names in different files', () => {
    const a = scopeCssModule({ path: 'a.module.css', code: '.x {}' }).classes.x;
    const b = scopeCssModule({ path: 'b.module.css', code: '.x {}' }).classes.x;
    expect(a).not.toBe(b);
  });
});
