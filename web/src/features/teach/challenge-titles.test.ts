import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allChallenges, CHALLENGE_TITLES, describeChallenge } from './challenge-titles';

describe('challenge titles', () => {
  it('names every challenge as its lesson page titles it, and no other', () => {
    const lessonsDir = fileURLToPath(new URL('../tutorial/lessons', import.meta.url));
    const shown: Record<string, string> = {};
    for (const file of readdirSync(lessonsDir)) {
      const page = readFileSync(`${lessonsDir}/${file}`, 'utf8');
      for (const [, id, title] of page.matchAll(/<Challenge\s+id="([\w-]+\/[\w-]+)"\s+title="([^"]+)"/g)) shown[id!] = title!;
    }
    expect(Object.keys(shown).length).toBeGreaterThan(20);
    expect(CHALLENGE_TITLES).toEqual(shown);
    expect([...allChallenges].sort()).toEqual(Object.keys(shown).sort());
  });

  it('describes a challenge by its title and lesson, and an unknown one by its id', () => {
    expect(describeChallenge('use-state/click-counter')).toEqual({ title: 'Count the clicks', lesson: 'useState' });
    expect(describeChallenge('gone/old-one')).toEqual({ title: 'gone/old-one', lesson: null });
  });
});
