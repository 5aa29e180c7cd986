import { describe, expect, it } from 'vitest';
import { diffLines } from './line-diff';

const marks = { same: ' ', removed: '-', added: '+' } as const;
const shown = (older: string, newer: string) => (diffLines(older, newer) ?? []).map(({ kind, text }) => `${marks[kind]}${text}`);

describe('what changed between two revisions', () => {
  it('keeps the lines both have and marks the others', () => {
    expect(shown('Exams\nBCA on 3 May\nBring your card', 'Exams\nBCA on 5 May\nBring your card')).toEqual([
      ' Exams',
      '-BCA on 3 May',
      '+BCA on 5 May',
      ' Bring your card',
    ]);
  });

  it('finds lines added and removed anywhere', () => {
    expect(shown('a\nb\nc', 'b\nc\nd')).toEqual(['-a', ' b', ' c', '+d']);
    expect(shown('', 'New text')).toEqual(['-', '+New text']);
    expect(shown('same', 'same')).toEqual([' same']);
  });

  it('puts back the newer text from its added and kept lines', () => {
    const older = 'one\ntwo\nthree\nfour\nfive';
    const newer = 'zero\none\nthree\nthree and a half\nfive\nsix';
    const lines = diffLines(older, newer) ?? [];
    expect(lines.filter(({ kind }) => kind !== 'removed').map(({ text }) => text).join('\n')).toBe(newer);
    expect(lines.filter(({ kind }) => kind !== 'added').map(({ text }) => text).join('\n')).toBe(older);
  });

  it('does not compare texts that differ in too many lines, whose table would not fit', () => {
    const many = (prefix: string) => Array.from({ length: 25_000 }, (_, n) => `${prefix} ${n}`).join('\n');
    expect(diffLines(many('old'), many('new'))).toBeNull();
    // Many lines alike with a few changed still compare: the common start and end are set aside.
    const long = many('same');
    expect(shown(`${long}\nold end`, `${long}\nnew end`).slice(-2)).toEqual(['-old end', '+new end']);
  });
});
