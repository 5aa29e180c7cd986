import type { ReactNode } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { STAFF_PATH } from '../../shared/paths/staff';
import { STAFF_DISCLOSURE_PATH, STAFF_GRIEVANCES_PATH } from '../../shared/paths/staff-rooms';
import type { Summary } from '../../shared/staff/staff-parts';
import { readsInbox, type StaffRoom } from '../../shared/staff/staff-room';
import { countOf, formatCount } from '../../shared/staff/lists';
import { failedMailText } from './staff-format';
import { AUDIT_PATH, MAIL_PATH, PEOPLE_PATH, type StaffView } from './staff-views';

interface StaffLayoutProps {
  readonly summary: Summary;
  readonly view: StaffView;
  /** The rooms other features bring that this account may open, and the one shown, if any. */
  readonly rooms: readonly StaffRoom[];
  readonly room?: StaffRoom;
  readonly children: ReactNode;
}

/** The address of the failed messages, as the banner and the mail health page lead to them. */
export const FAILED_MAIL_HREF = `${STAFF_PATH}?mail=failed`;

/**
 * Every staff page: the staff area's menu, and while any message's mail has
 * failed for good, a banner that leads to them (it cannot be missed).
 */
export function StaffLayout({ summary, view, rooms, room, children }: StaffLayoutProps) {
  const admin = summary.roles.includes('admin');
  const current = (names: readonly StaffView['name'][]) => (!room && names.includes(view.name) ? ('page' as const) : undefined);
  return (
    <>
      <nav className="staff-nav" aria-label="Staff area">
        <ul>
          {readsInbox(summary.roles) && (
            <li>
              <AppLink href={STAFF_PATH} aria-current={current(['inbox', 'message'])}>
                Inbox{summary.newMessages > 0 && ` (${formatCount(summary.newMessages)} new)`}
              </AppLink>
            </li>
          )}
          {rooms.map((held) => (
            <li key={held.path}>
              <AppLink href={held.path} aria-current={held === room ? 'page' : undefined}>
                {held.label}
              </AppLink>
            </li>
          ))}
          {admin && (
            <>
              <li>
                <AppLink href={PEOPLE_PATH} aria-current={current(['people', 'person'])}>
                  People
                </AppLink>
              </li>
              <li>
                <AppLink href={AUDIT_PATH} aria-current={current(['audit'])}>
                  Audit log
                </AppLink>
              </li>
              <li>
                <AppLink href={MAIL_PATH} aria-current={current(['mail'])}>
                  Mail health
                </AppLink>
              </li>
            </>
          )}
        </ul>
      </nav>
      {/* The region is there before its text, so the banner is read out as it appears. */}
      <div role="alert" className="staff-banner-region">
        {summary.failedMail > 0 && (
          <p className="staff-banner">
            <span className="staff-banner__icon" aria-hidden="true">
              !
            </span>
            {failedMailText(summary.failedMail)} <AppLink href={FAILED_MAIL_HREF}>Show them</AppLink>
          </p>
        )}
        {summary.overdueGrievances > 0 && (
          <p className="staff-banner">
            <span className="staff-banner__icon" aria-hidden="true">
              !
            </span>
            {countOf(summary.overdueGrievances, 'student’s grievance is', 'students’ grievances are')} past the day the
            regulations set.{' '}
            {summary.roles.includes('grievance-committee') ? (
              <AppLink href={`${STAFF_GRIEVANCES_PATH}?status=open&due=overdue`}>Show them</AppLink>
            ) : (
              'Only the grievance committee can read them.'
            )}
          </p>
        )}
        {summary.disclosureAttention > 0 && (
          <p className="staff-banner">
            <span className="staff-banner__icon" aria-hidden="true">
              !
            </span>
            {countOf(summary.disclosureAttention, 'disclosure item needs', 'disclosure items need')} attention: never published, or needing
            review.{' '}
            {summary.roles.includes('editor') ? <AppLink href={STAFF_DISCLOSURE_PATH}>Show them</AppLink> : 'The editors keep them.'}
          </p>
        )}
      </div>
      {children}
    </>
  );
}
