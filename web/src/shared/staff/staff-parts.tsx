/** Pieces every page of the staff area shares, whichever room (inbox, people, content) it is in. */
import { createContext, useContext, type ReactNode } from 'react';
import { AppLink } from '../components/app-link';
import { useAction } from '../hooks/use-action';
import { useLoad } from '../hooks/use-load';
import { messageOf } from '../components/form-parts';
import { pageCount, showingRange, type Paged } from './lists';

/** What `/api/staff/summary` tells every staff page: the roles held, and the inbox's figures (0 for an editor). */
export interface Summary {
  readonly roles: readonly string[];
  readonly newMessages: number;
  readonly failedMail: number;
  /** Enquiries to call again today or before. */
  readonly dueCalls: number;
  /** Grievances past their day (for an admin and the grievance committee; 0 for others). */
  readonly overdueGrievances: number;
  /** The disclosure's items never published or needing review (for an admin and the editors; 0 for others). */
  readonly disclosureAttention: number;
}

export interface StaffState {
  /** The summary as last read; null until it is. */
  readonly summary: Summary | null;
  /** Reads the summary again (after a change to a message's status or mail). */
  readonly refreshSummary: () => void;
  /** A refusal that concerns the whole page (the role revoked, the session ended); the page acts on it. */
  readonly onApiError: (error: unknown) => void;
}

export const StaffContext = createContext<StaffState>({ summary: null, refreshSummary: () => {}, onApiError: () => {} });
export const useStaff = () => useContext(StaffContext);

/** Thrown by a step the user called off (a dialog cancelled): not a problem to show. */
export class Cancelled extends Error {}

/**
 * An action's progress: busy while sent, then its problem or what to tell the
 * user. Page-wide refusals also go to the staff page's `onApiError`.
 */
export function useStaffAction() {
  const { onApiError } = useStaff();
  return useAction((error) => {
    if (error instanceof Cancelled) return null;
    onApiError(error);
    return messageOf(error);
  });
}

/** What a staff page reads from the API; a refusal that concerns the whole page also goes to the staff page. */
export function useStaffLoad<T>(load: () => Promise<T>, key: string) {
  return useLoad(load, key, useStaff().onApiError);
}

/** An outcome, read out politely as it appears (the region is there before its text). */
export function Outcome({ message }: { readonly message: string | null }) {
  return (
    <p role="status" className="staff-outcome">
      {message}
    </p>
  );
}

/** A problem, announced as it appears. */
export function ProblemText({ problem }: { readonly problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="auth-form__problem">
      {problem}
    </p>
  );
}

/** While a list loads, or why it did not, with a way to ask again. */
export function LoadState({ what, problem, onRetry }: { readonly what: string; readonly problem: string | null; readonly onRetry: () => void }) {
  if (!problem) return <p role="status">Loading {what}…</p>;
  return (
    <>
      <ProblemText problem={problem} />
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </>
  );
}

/** A state in words, in a pill; `tone` only adds colour to what the words say. */
export function Badge({ children, tone }: { readonly children: ReactNode; readonly tone?: 'new' | 'bad' | 'good' }) {
  return <span className={tone ? `badge badge--${tone}` : 'badge'}>{children}</span>;
}

/** "Showing 1–50 of 1,234" with Previous and Next: `hrefAt(page)` is each page's address. */
export function Pager({ paged, shown, hrefAt, label }: { readonly paged: Paged; readonly shown: number; readonly hrefAt: (page: number) => string; readonly label: string }) {
  const range = showingRange(paged, shown);
  const last = pageCount(paged);
  if (!range) return null;
  return (
    <nav className="staff-pager" aria-label={label}>
      <p className="staff-pager__range">{range}</p>
      {last > 1 && (
        <p className="staff-pager__links">
          {paged.page > 1 ? <AppLink href={hrefAt(paged.page - 1)}>Previous</AppLink> : <span aria-hidden="true">Previous</span>}
          <span>
            Page {paged.page} of {last}
          </span>
          {paged.page < last ? <AppLink href={hrefAt(paged.page + 1)}>Next</AppLink> : <span aria-hidden="true">Next</span>}
        </p>
      )}
    </nav>
  );
}
