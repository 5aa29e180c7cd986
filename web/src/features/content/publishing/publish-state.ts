/** Where an item stands, in words for the lists and the editors (never colour alone). */
import { formatDateTime } from '../../../shared/lib/dates';

/** Where an item stands, as the server puts it (content/publishing/revisions.rs). */
export type PublishState = 'draft' | 'scheduled' | 'published' | 'expired';

/** What these read of an item: a notice, or an item edited as fields (which never expires). */
interface Standing {
  readonly state: PublishState;
  readonly publishAt: number | null;
  readonly live: number | null;
  readonly unpublishedChanges: boolean;
  readonly expiresAt?: number | null;
}

export const STATE_LABELS = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  expired: 'Expired',
} as const;

/** The badge's tone: published is good news, expired is over. */
export function stateTone(item: Standing): 'good' | 'new' | undefined {
  if (item.state === 'published') return 'good';
  if (item.state === 'scheduled') return 'new';
  return undefined;
}

/** What else an editor should know of the state, in a sentence (or null). */
export function stateDetail(item: Standing): string | null {
  const parts: string[] = [];
  if (item.state === 'scheduled' && item.publishAt !== null) {
    parts.push(`Goes live ${formatDateTime(item.publishAt)}.`);
  }
  if (item.live !== null && item.state !== 'expired' && item.unpublishedChanges && item.state !== 'scheduled') {
    parts.push('Has changes visitors do not see yet.');
  }
  if (item.expiresAt !== null && item.expiresAt !== undefined) {
    parts.push(`${item.state === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(item.expiresAt)}.`);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}
