/** Pieces of the inbox's pages. */
import { Badge } from '../../shared/staff/staff-parts';
import type { MailState } from './staff-api';
import { mailLabel } from './staff-format';

/** What a message's mail did, in words (a failed one marked by more than its colour: its words say it). */
export function MailBadge({ mail }: { readonly mail: MailState | null }) {
  if (!mail) return <Badge>No mail</Badge>;
  return <Badge tone={mail.state === 'failed' ? 'bad' : mail.state === 'sent' ? 'good' : undefined}>{mailLabel(mail)}</Badge>;
}
