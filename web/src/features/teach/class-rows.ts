/**
 * The class table's rows as the page keeps them: each student's done dates
 * keyed by lesson id (the API's `done` belongs to the `lessons` of its own
 * message, which differ between the table and each live event), then sorted
 * and summed for the table.
 */
import type { StudentRowBody } from './teach-api';

export interface StudentRow {
  readonly id: string;
  readonly name: string | null;
  readonly email: string;
  readonly joinedAt: number;
  readonly lastActive: number | null;
  /** When the student marked each lesson done, by lesson id. */
  readonly done: ReadonlyMap<string, number>;
  readonly passed: number;
}

export type SortKey = 'name' | 'progress' | 'passed' | 'lastActive';
export type SortDirection = 'ascending' | 'descending';
export interface SortOrder {
  readonly key: SortKey;
  readonly direction: SortDirection;
}

/** The order a column sorts in when first chosen: names A to Z, the most progress and the latest activity first. */
export const FIRST_DIRECTION: Readonly<Record<SortKey, SortDirection>> = {
  name: 'ascending',
  progress: 'descending',
  passed: 'descending',
  lastActive: 'descending',
};

export function rowOf(lessons: readonly string[], body: StudentRowBody): StudentRow {
  const done = new Map<string, number>();
  lessons.forEach((lesson, index) => {
    const at = body.done[index];
    if (typeof at === 'number') done.set(lesson, at);
  });
  return {
    id: body.id,
    name: body.name,
    email: body.email,
    joinedAt: body.joinedAt,
    lastActive: body.lastActive,
    done,
    passed: body.passed,
  };
}

export function rowsOf(lessons: readonly string[], students: readonly StudentRowBody[]): StudentRow[] {
  return students.map((student) => rowOf(lessons, student));
}

/** The rows with `row` in place of the student's old row, or added when they are new. */
export function withRow(rows: readonly StudentRow[], row: StudentRow): StudentRow[] {
  const index = rows.findIndex((old) => old.id === row.id);
  return index < 0 ? [...rows, row] : rows.map((old, at) => (at === index ? row : old));
}

export function withoutRow(rows: readonly StudentRow[], id: string): StudentRow[] {
  return rows.filter((row) => row.id !== id);
}

/** The name a teacher knows the student by: their display name, else their email. */
export function studentName(row: { readonly name: string | null; readonly email: string }): string {
  return row.name?.trim() || row.email;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** How many of `lessons` the student has done. */
export function lessonsDone(row: StudentRow, lessons: readonly string[]): number {
  return lessons.reduce((count, lesson) => count + (row.done.has(lesson) ? 1 : 0), 0);
}

/**
 * The rows in `order`. Progress is lessons done, then challenges passed
 * (`passed`: the other way round); a student never active comes last either
 * way. Ties go by name, then email.
 */
export function sortRows(rows: readonly StudentRow[], order: SortOrder, lessons: readonly string[]): StudentRow[] {
  const sign = order.direction === 'ascending' ? 1 : -1;
  const names = (a: StudentRow, b: StudentRow) => byName.compare(studentName(a), studentName(b)) || byName.compare(a.email, b.email);
  const compare = (a: StudentRow, b: StudentRow): number => {
    switch (order.key) {
      case 'name':
        return sign * names(a, b);
      case 'progress':
        return sign * (lessonsDone(a, lessons) - lessonsDone(b, lessons) || a.passed - b.passed) || names(a, b);
      case 'passed':
        return sign * (a.passed - b.passed || lessonsDone(a, lessons) - lessonsDone(b, lessons)) || names(a, b);
      case 'lastActive':
        if (a.lastActive === null || b.lastActive === null) {
          return (a.lastActive === null ? 1 : 0) - (b.lastActive === null ? 1 : 0) || names(a, b);
        }
        return sign * (a.lastActive - b.lastActive) || names(a, b);
    }
  };
  return [...rows].sort(compare);
}

/** For each of `lessons`, how many of the students have done it. */
export function doneCounts(rows: readonly StudentRow[], lessons: readonly string[]): number[] {
  return lessons.map((lesson) => rows.reduce((count, row) => count + (row.done.has(lesson) ? 1 : 0), 0));
}
