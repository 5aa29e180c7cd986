import { post, request } from '../../shared/lib/api-client';

/**
 * The typed client of the teacher's API (`/api/teach/...`), kept in the
 * teacher pages' own chunk. Every call is checked on the server: without the
 * teacher role it answers 403 `not-a-teacher`.
 */

export interface ClassBody {
  readonly id: string;
  readonly name: string;
  /** The join code, 8 characters. */
  readonly code: string;
  /** Whether the code lets students in. */
  readonly joining: boolean;
  /** Read-only: no new students, no changes but unarchiving and deleting. */
  readonly archived: boolean;
  readonly students: number;
  readonly createdAt: number;
}

/** A student as the class table has them; `done[i]` is when they marked `lessons[i]` of the same answer done. */
export interface StudentRowBody {
  readonly id: string;
  readonly name: string | null;
  readonly email: string;
  readonly joinedAt: number;
  readonly lastActive: number | null;
  readonly done: readonly (number | null)[];
  readonly passed: number;
}

/**
 * The class at a glance. `lessons` are the ids of the lessons some student in
 * this answer marked done (not the tutorial's list of lessons).
 */
export interface TableBody {
  readonly class: ClassBody;
  readonly lessons: readonly string[];
  readonly students: readonly StudentRowBody[];
}

/** The live view's `student` event: one student's row, with the lessons its `done` belongs to. */
export interface StudentEventBody {
  readonly lessons: readonly string[];
  readonly student: StudentRowBody;
}

export interface PassBody {
  /** `<lesson>/<name>`, as the tutorial names its challenges. */
  readonly challenge: string;
  readonly passedAt: number;
  /** The code that passed, by file name. */
  readonly files: Readonly<Record<string, string>>;
}

export interface StudentDetailBody {
  readonly student: { readonly id: string; readonly name: string | null; readonly email: string };
  readonly passes: readonly PassBody[];
}

export interface ClassChange {
  readonly name?: string;
  readonly joining?: boolean;
  readonly archived?: boolean;
}

const CLASSES = '/api/teach/classes';
const classPath = (classId: string) => `${CLASSES}/${encodeURIComponent(classId)}`;
const studentPath = (classId: string, studentId: string) => `${classPath(classId)}/students/${encodeURIComponent(studentId)}`;

/** A write the server accepts only as same-origin JSON: `{}` when there is nothing to say. */
const send = <T>(method: 'PATCH' | 'DELETE', path: string, body: object = {}) =>
  request<T>(path, { method, body: JSON.stringify(body) });

type ClassAnswer = { readonly class: ClassBody };
const classOf = ({ class: body }: ClassAnswer) => body;

export const teachApi = {
  classes: () => request<{ classes: readonly ClassBody[] }>(CLASSES).then(({ classes }) => classes),
  create: (name: string) => post<ClassAnswer>(CLASSES, { name }).then(classOf),
  change: (classId: string, change: ClassChange) => send<ClassAnswer>('PATCH', classPath(classId), change).then(classOf),
  delete: (classId: string) => send<{ deleted: true }>('DELETE', classPath(classId)).then(() => {}),
  newCode: (classId: string) => post<ClassAnswer>(`${classPath(classId)}/code`, {}).then(classOf),
  table: (classId: string) => request<TableBody>(`${classPath(classId)}/table`),
  student: (classId: string, studentId: string) => request<StudentDetailBody>(studentPath(classId, studentId)),
  removeStudent: (classId: string, studentId: string) =>
    send<{ removed: true }>('DELETE', studentPath(classId, studentId)).then(() => {}),
};

/** The class's live view (server-sent events: `student`, `left`). */
export const eventsPath = (classId: string) => `${classPath(classId)}/events`;

/** The table as a CSV file, named after the class: a plain link, so the browser downloads it. */
export const csvPath = (classId: string) => `${classPath(classId)}/csv`;
