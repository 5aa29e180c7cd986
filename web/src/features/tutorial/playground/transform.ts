import { transform } from 'sucrase';
import { fileName, type CompiledFile } from './protocol';
import { guardLoops } from './loop-guard';

/** A demo file as the student sees it in the editor. */
export interface SourceFile {
  /** Path within the tutorial folder, e.g. `demos/cart/cart.ts`; relative imports resolve against it. */
  readonly path: string;
  readonly code: string;
}

/** A file that cannot be compiled, with where the problem is (lines and columns count from 1). */
export class CompileError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'CompileError';
  }
}

const SCRIPT = /\.(tsx|ts|jsx|js)$/;

/**
 * Compiles one file for the sandbox: TypeScript and JSX become plain
 * JavaScript with CommonJS `require`, in which every loop is guarded; a
 * stylesheet stays CSS, and a CSS module gets its class names scoped.
 * Sucrase keeps every line where it was, so errors point at the right line.
 */
export function compileFile(file: SourceFile): CompiledFile {
  if (file.path.endsWith('.module.css')) return { kind: 'style', path: file.path, ...scopeCssModule(file) };
  if (file.path.endsWith('.css')) return { kind: 'style', path: file.path, css: file.code };
  const extension = SCRIPT.exec(file.path)?.[1];
  if (!extension) throw new CompileError('This kind of file cannot run here.', fileName(file.path));
  try {
    const { code } = transform(file.code, {
      transforms: extension.startsWith('ts') ? ['typescript', 'imports', ...(extension === 'tsx' ? (['jsx'] as const) : [])] : ['jsx', 'imports'],
      jsxRuntime: 'automatic',
      production: true,
      filePath: file.path,
    });
    return { kind: 'script', path: file.path, code: guardLoops(code) };
  } catch (error) {
    throw compileError(error, file.path);
  }
}

function compileError(error: unknown, path: string): CompileError {
  const name = fileName(path);
  if (!(error instanceof Error)) return new CompileError(String(error), name);
  const loc = (error as { loc?: { line: number; column: number } }).loc;
  // "Error transforming demos/x.tsx: Unexpected token (3:5)": keep the reason only.
  const message = error.message.replace(/^Error transforming [^:]*: /, '').replace(/ \(\d+:\d+\)$/, '');
  return new CompileError(message, name, loc?.line, loc ? loc.column + 1 : undefined);
}

/** Compiles every file; the first that fails throws its CompileError. */
export function compileFiles(files: readonly SourceFile[]): CompiledFile[] {
  return files.map(compileFile);
}

/**
 * CSS modules, as the site's build has them: each class name in the sheet
 * gets a suffix unique to the file, and the module's default export maps the
 * written names to the scoped ones.
 */
export function scopeCssModule(file: SourceFile): { css: string; classes: Record<string, string> } {
  const suffix = `_${hash(file.path).toString(36)}`;
  const classes: Record<string, string> = {};
  // Class selectors outside of declaration blocks, strings and comments.
  const css = file.code.replace(/\/\*[\s\S]*?\*\/|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\{[^{}]*\}|\.(-?[_a-zA-Z][\w-]*)/g, (match, name?: string) => {
    if (!name) return match;
    classes[name] = `${name}${suffix}`;
    return `.${name}${suffix}`;
  });
  return { css, classes };
}

/** A small, stable string hash (FNV-1a, 32 bits). */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}
