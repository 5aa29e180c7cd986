/** Where a notice stands, in words for the list and the editor (never colour alone). */
import { formatDateTime } from '../../shared/lib/dates';
import type { NoticeSummary } from './content-api';

/** What these read of a notice, or of a page (which never expires). */
type Standing = Pick<NoticeSummary, 'state' | 'publishAt' | 'live' | 'unpublishedChanges'> & {
  readonly expiresAt?: number | null;
};

export const STATE_LABELS = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  expired: 'Expired',
} as const;

/** The badge's tone: published is good news, expired is over. */
export function stateTone(notice: Standing): 'good' | 'new' | undefined {
  if (notice.state === 'published') return 'good';
  if (notice.state === 'scheduled') return 'new';
  return undefined;
}

/** What else an editor should know of the state, in a sentence (or null). */
export function stateDetail(notice: Standing): string | null {
  const parts: string[] = [];
  if (notice.state === 'scheduled' && notice.publishAt !== null) {
    parts.push(`Goes live ${formatDateTime(notice.publishAt)}.`);
  }
  if (notice.live !== null && notice.state !== 'expired' && notice.unpublishedChanges && notice.state !== 'scheduled') {
    parts.push('Has changes visitors do not see yet.');
  }
  if (notice.expiresAt !== null && notice.expiresAt !== undefined) {
    parts.push(`${notice.state === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(notice.expiresAt)}.`);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}
