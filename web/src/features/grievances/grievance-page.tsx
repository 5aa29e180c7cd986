import { useId, useState, type ReactNode } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { formatDate, formatDateTime } from '../../shared/lib/dates';
import { STAFF_GRIEVANCES_PATH } from '../../shared/paths/staff-rooms';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { Badge, LoadState, Outcome, useStaffLoad } from '../../shared/staff/staff-parts';
import { GrievanceActions } from './grievance-actions';
import { openGrievance, type Grievance, type GrievanceEntry } from './grievances-api';

const ENTRY_WORDS: Readonly<Record<string, string>> = {
  student: 'The student wrote',
  committee: 'To the student',
  note: 'Note for the committee',
  status: 'Status',
};

const STATUS_WORDS: Readonly<Record<string, string>> = {
  received: 'Received',
  referred: 'Referred to the committee',
  hearing: 'Hearing set',
  decided: 'Decided',
  appealed: 'Appealed to the ombudsperson',
  closed: 'Closed',
};

/** `/staff/grievances/<number>`: one grievance, whole, with what the committee can do next. */
export function GrievancePage({ number }: { readonly number: string }) {
  usePageMeta(STAFF_META, `${number} · Grievances · `);
  const loaded = useStaffLoad(() => openGrievance(number), number);
  // A change answers the grievance as it now stands: shown without reading it again.
  const [changed, setChanged] = useState<Grievance | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const grievance = changed ?? loaded.data;
  return (
    <>
      <p>
        <AppLink href={STAFF_GRIEVANCES_PATH}>All grievances</AppLink>
      </p>
      <h1>Grievance {number}</h1>
      {grievance === null ? (
        <LoadState what="the grievance" problem={loaded.problem} onRetry={loaded.reload} />
      ) : (
        <>
          <Facts grievance={grievance} />
          <Words title="What happened">{grievance.happened}</Words>
          <Words title="What the student asks for">{grievance.askedFor}</Words>
          {grievance.decision !== null && <Words title="The decision">{grievance.decision}</Words>}
          <Outcome message={said} />
          <GrievanceActions grievance={grievance} onChanged={(next, words) => {
            setChanged(next);
            setSaid(words);
          }} />
          <History entries={grievance.entries} />
        </>
      )}
    </>
  );
}

function Facts({ grievance }: { readonly grievance: Grievance }) {
  const facts: [string, ReactNode][] = [
    ['About', grievance.categoryWords],
    ['Status', <>{grievance.statusWords}{grievance.overdue && <> <Badge tone="bad">Overdue</Badge></>}</>],
    ['Filed', formatDateTime(grievance.receivedAt)],
    ['Filed by', `${grievance.studentName} (${grievance.studentEmail})`],
    ['The department may see the name', grievance.shareName ? 'Yes' : 'No: keep it within the committee'],
  ];
  if (grievance.next) facts.push(['Next', grievance.next]);
  if (grievance.hearingAt !== null) facts.push(['Hearing', `${formatDateTime(grievance.hearingAt)}, ${grievance.hearingPlace ?? ''}`]);
  if (grievance.appealBy !== null && grievance.appealedAt === null) facts.push(['The student may appeal until', formatDate(grievance.appealBy - 1)]);
  if (grievance.appealedAt !== null) facts.push(['Appealed on', formatDate(grievance.appealedAt)]);
  return (
    <dl className="grievance-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Words({ title, children }: { readonly title: string; readonly children: string }) {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{title}</h2>
      <p className="grievance-words">{children}</p>
    </section>
  );
}

/** A size in words: "820 KB", "2.4 MB". */
function sizeWords(bytes: number): string {
  const mb = 1024 * 1024;
  return bytes >= mb ? `${(bytes / mb).toFixed(1)} MB` : `${Math.max(1, Math.floor(bytes / 1024))} KB`;
}

function History({ entries }: { readonly entries: readonly GrievanceEntry[] }) {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>History</h2>
      <ol className="grievance-history">
        {entries.map((entry, index) => (
          <li key={index} className={entry.kind === 'note' ? 'grievance-history__note' : undefined}>
            <p className="grievance-history__meta">
              {ENTRY_WORDS[entry.kind] ?? entry.kind}, {entry.authorName}, {formatDateTime(entry.at)}
            </p>
            <p className="grievance-words">{entry.kind === 'status' ? STATUS_WORDS[entry.body] ?? entry.body : entry.body}</p>
            {entry.files.length > 0 && (
              <ul className="grievance-files">
                {entry.files.map((file) => (
                  <li key={file.path}>
                    <a href={file.path} download>
                      {file.name}
                    </a>{' '}
                    ({file.contentType === 'application/pdf' ? 'PDF' : 'image'}, {sizeWords(file.size)})
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

