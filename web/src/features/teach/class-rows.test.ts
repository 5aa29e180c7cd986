import { describe, expect, it } from 'vitest';
import { doneCounts, rowOf, rowsOf, sortRows, studentName, withoutRow, withRow, type StudentRow } from './class-rows';
import type { StudentRowBody } from './teach-api';

const body = (id: string, overrides: Partial<StudentRowBody> = {}): StudentRowBody => ({
  id,
  name: id.toUpperCase(),
  email: `${id}@example.com`,
  joinedAt: 1,
  lastActive: null,
  done: [],
  passed: 0,
  ...overrides,
});

const LESSONS = ['intro', 'install', 'props'];
const names = (rows: readonly StudentRow[]) => rows.map((row) => row.id);

describe('class rows', () => {
  it('keys done dates by the lessons of their own message', () => {
    const table = rowsOf(['install', 'props'], [body('a', { done: [10, null] }), body('b', { done: [null, 20] })]);
    expect([...table[0]!.done]).toEqual([['install', 10]]);
    expect([...table[1]!.done]).toEqual([['props', 20]]);
    // A live event names only this student's lessons: the row is read against those.
    const event = rowOf(['intro'], body('b', { done: [30] }));
    expect([...event.done]).toEqual([['intro', 30]]);
  });

  it("replaces a student's row, adds a new one, and removes one that left", () => {
    const rows = rowsOf([], [body('a'), body('b')]);
    const changed = withRow(rows, rowOf([], body('a', { passed: 3 })));
    expect(names(changed)).toEqual(['a', 'b']);
    expect(changed[0]!.passed).toBe(3);
    expect(names(withRow(rows, rowOf([], body('c'))))).toEqual(['a', 'b', 'c']);
    expect(names(withoutRow(rows, 'a'))).toEqual(['b']);
  });

  it('names a student by display name, else by email', () => {
    expect(studentName({ name: ' Asha ', email: 'a@x.in' })).toBe('Asha');
    expect(studentName({ name: null, email: 'a@x.in' })).toBe('a@x.in');
    expect(studentName({ name: '  ', email: 'a@x.in' })).toBe('a@x.in');
  });

  it('sorts by name, by progress, by challenges passed and by last activity, never-active students last', () => {
    const rows = rowsOf(LESSONS, [
      body('meera', { done: [1, 2, null], passed: 0, lastActive: 50 }),
      body('arjun', { done: [1, null, null], passed: 5, lastActive: null }),
      body('zoya', { done: [1, 2, null], passed: 2, lastActive: 90 }),
      body('bala', { done: [null, null, null], passed: 0, lastActive: 10 }),
    ]);
    expect(names(sortRows(rows, { key: 'name', direction: 'ascending' }, LESSONS))).toEqual(['arjun', 'bala', 'meera', 'zoya']);
    expect(names(sortRows(rows, { key: 'name', direction: 'descending' }, LESSONS))).toEqual(['zoya', 'meera', 'bala', 'arjun']);
    expect(names(sortRows(rows, { key: 'progress', direction: 'descending' }, LESSONS))).toEqual(['zoya', 'meera', 'arjun', 'bala']);
    expect(names(sortRows(rows, { key: 'progress', direction: 'ascending' }, LESSONS))).toEqual(['bala', 'arjun', 'meera', 'zoya']);
    expect(names(sortRows(rows, { key: 'passed', direction: 'descending' }, LESSONS))).toEqual(['arjun', 'zoya', 'meera', 'bala']);
    expect(names(sortRows(rows, { key: 'lastActive', direction: 'descending' }, LESSONS))).toEqual(['zoya', 'meera', 'bala', 'arjun']);
    expect(names(sortRows(rows, { key: 'lastActive', direction: 'ascending' }, LESSONS))).toEqual(['bala', 'meera', 'zoya', 'arjun']);
  });

  it('counts, per lesson, the students who have done it', () => {
    const rows = rowsOf(LESSONS, [body('a', { done: [1, 2, null] }), body('b', { done: [1, null, null] })]);
    expect(doneCounts(rows, [...LESSONS, 'unknown'])).toEqual([2, 1, 0, 0]);
  });
});
