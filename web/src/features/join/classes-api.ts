import { post, request } from '../../shared/lib/api-client';

/**
 * The typed client of a student's side of classes (`/api/classes/...`): the
 * join page and the account page's "Your classes" use it.
 */

/** A class as a student sees it before and after joining. */
export interface StudentClass {
  readonly id: string;
  readonly name: string;
  readonly teacher: string;
}

export interface JoinedClass extends StudentClass {
  readonly joinedAt: number;
}

export interface JoinPreview {
  readonly class: StudentClass;
  /** Already a member of it. */
  readonly member: boolean;
  /** The signed-in user teaches it. */
  readonly ownClass: boolean;
}

export const classesApi = {
  joined: () => request<{ classes: readonly JoinedClass[] }>('/api/classes').then(({ classes }) => classes),
  /** Counts as a try at a code, as joining does: the server limits both. */
  preview: (code: string) => request<JoinPreview>(`/api/classes/join/${encodeURIComponent(code)}`),
  join: (code: string) => post<{ class: StudentClass }>('/api/classes/join', { code }).then((body) => body.class),
  leave: (id: string) => post<{ left: true }>(`/api/classes/${encodeURIComponent(id)}/leave`, {}).then(() => {}),
};
