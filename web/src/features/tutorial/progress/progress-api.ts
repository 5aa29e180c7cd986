/**
 * The typed client of `/api/progress`: a signed-in student's lessons marked
 * done, challenges passed and edited files, kept in their account.
 */
import { post, request } from '../../../shared/lib/api-client';

/** The largest file an account keeps (the server refuses more with 413). */
export const MAX_SAVED_FILE_BYTES = 20 * 1024;

export interface LessonMarkBody {
  readonly done: boolean;
  readonly changedAt: number;
}

export interface OtherVersion {
  readonly code: string;
  readonly editedAt: number;
}

/** One edited file of a demo; `code` null means the student reset it. */
export interface SavedFileBody {
  readonly lesson: string;
  readonly demo: string;
  readonly file: string;
  readonly code: string | null;
  /** Hash of the original the edit started from. */
  readonly base: string;
  readonly editedAt: number;
  /** The version that lost when two places' edits were merged, until the student dismisses it. */
  readonly other?: OtherVersion | null;
}

export interface ProgressBody {
  readonly lessons: Readonly<Record<string, LessonMarkBody>>;
  readonly passes: Readonly<Record<string, { readonly passedAt: number }>>;
  /** The saved files of the lesson asked for. */
  readonly files: readonly SavedFileBody[];
}

export interface PassWrite {
  readonly challenge: string;
  readonly passedAt: number;
  readonly files: Readonly<Record<string, string>>;
}

/** A file write: `other` absent keeps the stored other version, null dismisses it. */
export type FileWrite = SavedFileBody;

export interface ProgressWrite {
  /** The account this browser's work belongs to: refused (409) when someone else has signed in since. */
  readonly account: string;
  /** True when uploading what this browser held before the student signed in. */
  readonly merge: boolean;
  readonly lessons: readonly ({ readonly lesson: string } & LessonMarkBody)[];
  readonly passes: readonly PassWrite[];
  readonly files: readonly FileWrite[];
}

export const progressApi = {
  /** Every mark and pass of the account, and the saved files of `lesson`. */
  read: (lesson: string, account: string) =>
    request<ProgressBody>(`/api/progress?lesson=${encodeURIComponent(lesson)}&account=${encodeURIComponent(account)}`),
  /** Newer wins per item; the answer holds the stored version of each file written. */
  write: (write: ProgressWrite) => post<{ readonly files: readonly SavedFileBody[] }>('/api/progress', write),
};

/** A file's size as the server counts it: bytes of UTF-8. */
export const byteLength = (text: string) => new TextEncoder().encode(text).length;
