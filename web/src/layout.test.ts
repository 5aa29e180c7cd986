/**
 * The web app's layout, as the server's tests/api/layout.rs keeps the server's:
 * imports go one way, shared -> features -> app (content is read by all), a
 * feature never imports another (what two use lives in shared/, or app/ puts
 * them together), and no file imports itself round a circle. Tests may read
 * across, to check that two copies of a table agree; nothing imports a test. Inside
 * features/content, a layer imports no kind, and the root keeps a few files (see `CONTENT`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** One relative import: the file it is in, what it says, and the file it names (null: none found). */
interface Edge {
  readonly from: string;
  readonly spec: string;
  readonly to: string | null;
}

/**
 * A challenge's starter, solution and alternative files are a student's code, read as text
 * and run in the sandbox, which resolves them among themselves: not modules of the app.
 */
const STUDENT_CODE = /[\\/]challenges[\\/][^\\/]+[\\/][^\\/]+[\\/](starter|solution|alternative)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return STUDENT_CODE.test(path) ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative import names, as Vite resolves it (a query such as `?raw` aside). */
function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** Every relative import of every source file under `src`: static, side-effect, re-export and `import()`. */
function importsUnder(src: string): Edge[] {
  return sourceFiles(src).flatMap((file) => {
    // TypeScript's own scanner: an import written inside a string (a lesson's code) is not one.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return importedFiles
      .filter(({ fileName }) => fileName.startsWith('./') || fileName.startsWith('../'))
      .map(({ fileName }) => ({
        from: relative(src, file).split(sep).join('/'),
        spec: fileName,
        to: toSrcPath(src, resolveImport(file, fileName)),
      }));
  });
}

function toSrcPath(src: string, path: string | null): string | null {
  return path === null ? null : relative(src, path).split(sep).join('/');
}

/** The area a file is in: `features/<name>`, `shared`, `app`, `content`; outside src: `..`. */
function areaOf(path: string): string {
  const [top, name] = path.split('/');
  if (top === '..') return '..';
  return top === 'features' && name !== undefined && path.split('/').length > 2 ? `features/${name}` : top!;
}

const isTest = (path: string) => /\.(test|spec)\.(ts|tsx|mts)$/.test(path);

/** Whether a file in area `from` may import one in area `to`. */
function mayImport(from: string, to: string): boolean {
  if (from === to || to === 'content') return true;
  if (from === 'app') return to === 'shared' || to.startsWith('features/');
  if (from.startsWith('features/')) return to === 'shared';
  return false;
}

/** What breaks the layout, one line each, naming the file and its import. */
function layoutProblems(edges: readonly Edge[]): string[] {
  const problems: string[] = [];
  for (const { from, spec, to } of edges) {
    if (to === null) {
      problems.push(`${from}: import '${spec}' names no file`);
      continue;
    }
    const [a, b] = [areaOf(from), areaOf(to)];
    if (isTest(to)) problems.push(`${from}: import '${spec}' imports a test`);
    if (isTest(from) || mayImport(a, b)) continue;
    const why =
      a.startsWith('features/') && b.startsWith('features/')
        ? 'a feature never imports another: move what both use to shared/, or put them together in app/'
        : `${a} may not import ${b} (imports go shared -> features -> app)`;
    problems.push(`${from}: import '${spec}' reaches ${to}: ${why}`);
  }
  for (const circle of circles(edges.filter((edge) => edge.to !== null).map(({ from, to }) => [from, to!] as const))) {
    problems.push(`files that import one another round a circle: ${circle.join(', ')}`);
  }
  // A test reads across on purpose, and nothing depends on it: its imports make no circle.
  const areaEdges = edges
    .filter((edge) => edge.to !== null && !isTest(edge.from))
    .map(({ from, to }) => [areaOf(from), areaOf(to!)] as const);
  for (const circle of circles(areaEdges.filter(([a, b]) => a !== b))) {
    problems.push(`areas that import one another round a circle: ${circle.join(', ')}`);
  }
  return problems;
}

/** Each group of nodes that reach one another (Tarjan's strongly connected components), as one circle's members. */
function circles(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) next.set(a, [...(next.get(a) ?? []), b]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (next.get(node) ?? []).includes(node)) found.push(group.reverse());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * The content feature is shaped as the server's content/: a kind (notices/) stands on layers
 * every kind shares, and a layer imports no kind, so that what two kinds use moves down into a
 * layer. items/ is a layer too: it holds what the kinds edited as fields (the site's pages, the
 * courses, the disclosure) share. Any other folder is taken for a kind.
 */
const CONTENT = 'features/content';
const CONTENT_LAYERS = ['publishing', 'files', 'markdown', 'items'];
/** At most this many files besides tests at the feature's root: a new file goes into a folder. */
const CONTENT_ROOT_MAX = 3;

/** The folder of features/content a file is in (`publishing`); null outside it or at its root. */
function contentFolder(path: string): string | null {
  if (!path.startsWith(`${CONTENT}/`)) return null;
  const parts = path.slice(CONTENT.length + 1).split('/');
  return parts.length > 1 ? parts[0]! : null;
}

/** What breaks the content feature's shape: a layer that imports a kind, or too full a root. */
function contentProblems(edges: readonly Edge[], rootFiles: readonly string[]): string[] {
  const problems: string[] = [];
  for (const { from, spec, to } of edges) {
    if (to === null || isTest(from)) continue;
    const [a, b] = [contentFolder(from), contentFolder(to)];
    if (a === null || b === null || !CONTENT_LAYERS.includes(a) || CONTENT_LAYERS.includes(b)) continue;
    problems.push(
      `${from}: import '${spec}' reaches ${to}: a layer of ${CONTENT} (${a}/) never imports a kind (${b}/): ` +
        `move what both use down into a layer (or, for a new layer, add it to CONTENT_LAYERS)`,
    );
  }
  const kept = rootFiles.filter((name) => !isTest(name));
  if (kept.length > CONTENT_ROOT_MAX) {
    problems.push(
      `${CONTENT} has ${kept.length} files at its root (${kept.join(', ')}), at most ${CONTENT_ROOT_MAX}: ` +
        `put a file in its kind's folder or in the layer it belongs to`,
    );
  }
  return problems;
}

/** The names of the files (not folders) at the root of `dir`. */
const filesAt = (dir: string) => readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile());

describe('the layout of web/src', () => {
  it('keeps imports one way, with no feature importing another and no circle', () => {
    const edges = importsUnder(SRC);
    // The walk must see the app: were it to find nothing, nothing could fail.
    expect(edges.length).toBeGreaterThan(300);
    expect(edges.some(({ from }) => from.startsWith('features/staff/'))).toBe(true);
    expect(layoutProblems(edges)).toEqual([]);
  });

  it('names the file and the import that break it', () => {
    const edge = (from: string, spec: string, to: string | null) => ({ from, spec, to });
    expect(
      layoutProblems([
        edge('features/join/join-page.tsx', '../auth/form-parts', 'features/auth/form-parts.tsx'),
        edge('shared/lib/a.ts', '../../features/staff/paths', 'features/staff/paths.ts'),
        edge('shared/lib/b.ts', '../../app/routes', 'app/routes.ts'),
        edge('features/teach/x.ts', '../../app/app', 'app/app.tsx'),
        edge('features/teach/x.test.ts', '../tutorial/tutorial-data', 'features/tutorial/tutorial-data.ts'),
        edge('app/a.ts', './gone', null),
      ]),
    ).toEqual([
      "features/join/join-page.tsx: import '../auth/form-parts' reaches features/auth/form-parts.tsx: a feature never imports another: move what both use to shared/, or put them together in app/",
      "shared/lib/a.ts: import '../../features/staff/paths' reaches features/staff/paths.ts: shared may not import features/staff (imports go shared -> features -> app)",
      "shared/lib/b.ts: import '../../app/routes' reaches app/routes.ts: shared may not import app (imports go shared -> features -> app)",
      "features/teach/x.ts: import '../../app/app' reaches app/app.tsx: features/teach may not import app (imports go shared -> features -> app)",
      "app/a.ts: import './gone' names no file",
    ]);
  });

  it('finds circles, between files and between areas', () => {
    const edge = (from: string, to: string) => ({ from, spec: `./${to}`, to });
    expect(
      layoutProblems([
        edge('features/staff/a.ts', 'features/staff/b.ts'),
        edge('features/staff/b.ts', 'features/staff/c.ts'),
        edge('features/staff/c.ts', 'features/staff/a.ts'),
        edge('app/app.tsx', 'features/home/home-page.tsx'),
        edge('features/home/home-page.tsx', 'app/routes.ts'),
      ]),
    ).toEqual([
      "features/home/home-page.tsx: import './app/routes.ts' reaches app/routes.ts: features/home may not import app (imports go shared -> features -> app)",
      'files that import one another round a circle: features/staff/a.ts, features/staff/b.ts, features/staff/c.ts',
      'areas that import one another round a circle: app, features/home',
    ]);
  });

  it('keeps features/content shaped as the server keeps it: layers import no kind, and the root stays small', () => {
    const edges = importsUnder(SRC);
    // The rule must see the folders it names: a layer renamed away would leave nothing to fail.
    for (const layer of CONTENT_LAYERS) {
      expect(edges.some(({ from }) => contentFolder(from) === layer), `${CONTENT}/${layer}/ imports nothing`).toBe(true);
    }
    expect(edges.some(({ from }) => contentFolder(from) === 'notices')).toBe(true);
    expect(contentProblems(edges, filesAt(join(SRC, CONTENT)))).toEqual([]);
  });

  it('names the content layer that imports a kind, and the files that crowd the root', () => {
    const edge = (from: string, spec: string, to: string | null) => ({ from, spec, to });
    expect(
      contentProblems(
        [
          edge('features/content/publishing/revision-diff.tsx', '../notices/notices-api', 'features/content/notices/notices-api.ts'),
          edge('features/content/items/item-kind.ts', '../events/event-state', 'features/content/events/event-state.ts'),
          edge('features/content/notices/notice-editor.tsx', '../markdown/markdown-field', 'features/content/markdown/markdown-field.tsx'),
          edge('features/content/items/items-api.ts', '../files/file-shelf', 'features/content/files/file-shelf.ts'),
          edge('features/content/files/file-links.test.ts', '../notices/notices-api', 'features/content/notices/notices-api.ts'),
        ],
        ['content.css', 'a.ts', 'b.ts', 'c.tsx', 'c.test.tsx'],
      ),
    ).toEqual([
      "features/content/publishing/revision-diff.tsx: import '../notices/notices-api' reaches features/content/notices/notices-api.ts: a layer of features/content (publishing/) never imports a kind (notices/): move what both use down into a layer (or, for a new layer, add it to CONTENT_LAYERS)",
      "features/content/items/item-kind.ts: import '../events/event-state' reaches features/content/events/event-state.ts: a layer of features/content (items/) never imports a kind (events/): move what both use down into a layer (or, for a new layer, add it to CONTENT_LAYERS)",
      "features/content has 4 files at its root (content.css, a.ts, b.ts, c.tsx), at most 3: put a file in its kind's folder or in the layer it belongs to",
    ]);
  });
});
