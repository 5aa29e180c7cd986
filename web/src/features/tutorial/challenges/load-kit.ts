import type { ChallengeKit } from '../playground/challenge-panel';

// Each challenge lives in `<lesson>/<name>/`: `starter/` (shown in the lesson),
// `solution/` (the same file names), and `checks.ts`. Their text loads only
// when a student checks or asks for the solution.
const checks = import.meta.glob<string>('./*/*/checks.ts', { query: '?raw', import: 'default' });
const solutions = import.meta.glob<string>('./*/*/solution/*', { query: '?raw', import: 'default' });

/** The checks and the solution of challenge `id` (`<lesson>/<name>`). */
export async function loadKit(id: string): Promise<ChallengeKit> {
  const loadChecks = checks[`./${id}/checks.ts`];
  if (!loadChecks) throw new Error(`no challenge named ${id}`);
  const prefix = `./${id}/solution/`;
  const solutionFiles = await Promise.all(
    Object.entries(solutions)
      .filter(([path]) => path.startsWith(prefix))
      .map(async ([path, load]) => [path.slice(prefix.length), await load()] as const),
  );
  return {
    checks: { path: `challenges/${id}/checks.ts`, code: await loadChecks() },
    solution: Object.fromEntries(solutionFiles),
  };
}
