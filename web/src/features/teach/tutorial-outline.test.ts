import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { challengeIds } from '../tutorial/progress/lesson-challenges';
import { tutorialLessons } from '../tutorial/tutorial-data';
import { allChallenges, CHALLENGE_TITLES, describeChallenge, lessonColumns } from './tutorial-outline';

describe("the teacher's outline of the tutorial", () => {
  it('has every lesson, in reading order, with its heading', () => {
    expect(lessonColumns).toEqual(tutorialLessons.map(({ lesson, heading }) => ({ id: lesson, heading })));
  });

  it('has every challenge, in reading order', () => {
    expect(allChallenges).toEqual(tutorialLessons.flatMap(challengeIds));
  });

  it('titles each challenge as its lesson page does', () => {
    const lessonsDir = fileURLToPath(new URL('../tutorial/lessons', import.meta.url));
    const shown: Record<string, string> = {};
    for (const file of readdirSync(lessonsDir)) {
      const page = readFileSync(`${lessonsDir}/${file}`, 'utf8');
      for (const [, id, title] of page.matchAll(/<Challenge\s+id="([\w-]+\/[\w-]+)"\s+title="([^"]+)"/g)) shown[id!] = title!;
    }
    expect(Object.keys(shown).sort()).toEqual([...allChallenges].sort());
    for (const id of allChallenges) expect(CHALLENGE_TITLES[id], id).toBe(shown[id]);
  });

  it('describes a challenge by its title and lesson, and an unknown one by its id', () => {
    expect(describeChallenge('use-state/click-counter')).toEqual({ title: 'Count the clicks', lesson: 'useState' });
    expect(describeChallenge('gone/old-one')).toEqual({ title: 'gone/old-one', lesson: null });
  });
});
