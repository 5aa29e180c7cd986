/**
 * Every challenge's files, read at build (or test) time, for the unit tests
 * and the build's description of the tutorial (never in the browser's code):
 * `<lesson>/<name>/starter/*`, `solution/*`, an optional `alternative/*` (a
 * second, different correct answer) and `checks.ts`. The one `.tsx` file of
 * `starter/` is the entry whose component the checks test.
 */
import { fileName } from '../playground/protocol';
import type { SourceFile } from '../playground/transform';

const read = (files: Record<string, string>) => files;
const starters = read(import.meta.glob<string>('./*/*/starter/*', { query: '?raw', import: 'default', eager: true }));
const solutions = read(import.meta.glob<string>('./*/*/solution/*', { query: '?raw', import: 'default', eager: true }));
const alternatives = read(import.meta.glob<string>('./*/*/alternative/*', { query: '?raw', import: 'default', eager: true }));
const checkFiles = read(import.meta.glob<string>('./*/*/checks.ts', { query: '?raw', import: 'default', eager: true }));

export interface ChallengeFiles {
  readonly id: string;
  readonly starter: readonly SourceFile[];
  readonly solution: readonly SourceFile[];
  readonly alternative?: readonly SourceFile[];
  readonly checks: SourceFile;
}

/** `./use-state/x/starter/a.tsx` as `challenges/use-state/x/starter/a.tsx`, the path the lesson page uses. */
const asPath = (key: string) => `challenges/${key.slice(2)}`;

function filesOf(all: Record<string, string>, id: string, folder: string): SourceFile[] {
  const prefix = `./${id}/${folder}/`;
  return Object.entries(all)
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, code]) => ({ path: asPath(key), code }))
    .sort((a, b) => Number(b.path.endsWith('.tsx')) - Number(a.path.endsWith('.tsx')));
}

export const challengeFiles: readonly ChallengeFiles[] = Object.entries(checkFiles).map(([key, code]) => {
  const id = key.slice(2, -'/checks.ts'.length);
  const alternative = filesOf(alternatives, id, 'alternative');
  return {
    id,
    starter: filesOf(starters, id, 'starter'),
    solution: filesOf(solutions, id, 'solution'),
    ...(alternative.length > 0 ? { alternative } : {}),
    checks: { path: asPath(key), code },
  };
});

/**
 * The file names a pass of each challenge holds, by challenge id: the lesson gives the editor
 * the challenge's starter files, and a pass keeps each under its name there, without a folder
 * (`click-counter.tsx`). The server takes a pass only under these names.
 */
export const challengePassFiles: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  challengeFiles
    .map(({ id, starter }) => [id, starter.map((file) => fileName(file.path))] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
