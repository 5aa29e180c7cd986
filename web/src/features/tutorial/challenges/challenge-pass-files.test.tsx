// The build tells the server which files a pass of each challenge holds (`challengeFiles` in
// dist/_meta/tutorial.json), and the server refuses a pass under any other name. A pass holds
// the editor's files as they were checked, each under the name the editor gives it: the `file`
// of each starter source the lesson hands its <Challenge> (playground.tsx, `initialFiles`). So
// every lesson is rendered here, as the build renders it, and what each <Challenge> is given
// must be exactly what the build lists.
import { describe, expect, it, vi } from 'vitest';
import { challengePassFiles, lessonTitles, render } from '../../../app/entry-server';
import type { HighlightedSource } from '../components/code-block';
import { tutorialPaths } from '../tutorial-data';

const givenToEditor = vi.hoisted(() => new Map<string, string[]>());

vi.mock('../components/challenge', () => ({
  Challenge({ id, starter }: { id: string; starter: readonly HighlightedSource[] }) {
    givenToEditor.set(id, starter.map((source) => source.file));
    return null;
  },
}));

describe('the files a pass holds, as the build lists them for the server', () => {
  for (const path of tutorialPaths) render(path);
  const challenges = lessonTitles.flatMap((lesson) => lesson.challenges);

  it('lists every challenge of the tutorial, and nothing else', () => {
    expect(Object.keys(challengePassFiles).sort()).toEqual([...challenges].sort());
    expect([...givenToEditor.keys()].sort()).toEqual([...challenges].sort());
  });

  it.each(challenges)('%s: exactly the files its editor checks and a pass keeps, by name without a folder', (id) => {
    const names = challengePassFiles[id];
    expect(names).toEqual(givenToEditor.get(id));
    for (const name of names ?? []) expect(name).toMatch(/^[\w-]+\.(tsx|ts|css)$/);
  });
});
