import { post, request } from '../../shared/lib/api-client';

/**
 * The grievance committee's calls (crates/college-site/src/grievances/committee_routes.rs):
 * the queue, a grievance opened whole, and what the committee does with it.
 */
export const GRIEVANCES_API = '/api/grievances';

/** A grievance as the queue shows it. */
export interface GrievanceSummary {
  readonly number: string;
  readonly category: string;
  readonly categoryWords: string;
  readonly status: string;
  readonly statusWords: string;
  readonly receivedAt: number;
  /** What is due next, in words ("Decide by 4 December 2026"); empty once decided. */
  readonly next: string;
  readonly dueAt: number | null;
  readonly overdue: boolean;
  readonly studentName: string;
}

/** A file that came with an entry: a student's document, or the committee's. */
export interface GrievanceFile {
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  /** Where the committee downloads it (the server records who did). */
  readonly path: string;
}

export interface GrievanceEntry {
  readonly at: number;
  /** `status`, `student`, `committee` (a message to the student) or `note` (the committee's only). */
  readonly kind: string;
  readonly authorName: string;
  readonly body: string;
  readonly files: readonly GrievanceFile[];
}

export interface Grievance extends GrievanceSummary {
  readonly studentEmail: string;
  readonly shareName: boolean;
  readonly happened: string;
  readonly askedFor: string;
  readonly referBy: number;
  readonly reportBy: number;
  readonly referredAt: number | null;
  readonly hearingAt: number | null;
  readonly hearingPlace: string | null;
  readonly decidedAt: number | null;
  readonly decision: string | null;
  readonly appealBy: number | null;
  readonly appealedAt: number | null;
  readonly entries: readonly GrievanceEntry[];
}

export interface GrievanceQueue {
  readonly grievances: readonly GrievanceSummary[];
  readonly total: number;
  readonly pageSize: number;
  /** The chairperson's name (or email), when an admin has marked one. */
  readonly chair: string | null;
}

/** The queue for `search` (`?status=open&due=overdue&page=1`), as the room's address has it. */
export const grievanceQueue = (search: string) => request<GrievanceQueue>(`${GRIEVANCES_API}${search}`);

const one = (number: string) => `${GRIEVANCES_API}/${encodeURIComponent(number)}`;

/** Opens a grievance (the server records who read it). */
export const openGrievance = (number: string) => request<{ readonly grievance: Grievance }>(one(number)).then((answer) => answer.grievance);

export type GrievanceAction = 'refer' | 'note' | 'message' | 'hearing' | 'decision' | 'close';

export interface ActionInput {
  readonly text?: string;
  readonly day?: string;
  readonly time?: string;
  readonly place?: string;
  /** A document sent with a message or the decision: its name and its bytes in base64. */
  readonly document?: { readonly name: string; readonly data: string };
}

/** `file`'s bytes in base64, to send in JSON. */
export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Makes `action`; answers the grievance as it now stands. */
export const actOnGrievance = (number: string, action: GrievanceAction, input: ActionInput = {}) =>
  post<{ readonly grievance: Grievance }>(`${one(number)}/${action}`, input).then((answer) => answer.grievance);
