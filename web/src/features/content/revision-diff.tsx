import { LoadState, useStaffLoad } from '../../shared/staff/staff-parts';
import { contentApi, type Revision } from './content-api';
import { diffLines } from './line-diff';

/** What changed from revision `older` to `newer`: the title, category and pin in words, the text line by line. */
export function RevisionDiff({ id, older, newer }: { readonly id: number; readonly older: number; readonly newer: number }) {
  const pair = useStaffLoad(() => Promise.all([contentApi.revision(id, older), contentApi.revision(id, newer)]), `${id}:${older}:${newer}`);
  if (pair.data === null) return <LoadState what="the two revisions" problem={pair.problem} onRetry={pair.reload} />;
  const [from, to] = pair.data;
  const facts = changedFacts(from, to);
  const compared = diffLines(from.body ?? '', to.body ?? '');
  const lines = compared ?? [];
  const changed = lines.some(({ kind }) => kind !== 'same');
  return (
    <div className="content-diff">
      {compared === null && (
        <p>The two texts differ in too many lines to compare here. Open each revision to read it.</p>
      )}
      {facts.length === 0 && compared !== null && !changed && <p>The two revisions are the same.</p>}
      {facts.length > 0 && (
        <ul>
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      )}
      {changed && (
        <ol className="content-diff__lines" aria-label={`Text of revision ${older} against revision ${newer}`}>
          {lines.map(({ kind, text }, index) =>
            kind === 'same' ? (
              <li key={index}>{text || ' '}</li>
            ) : kind === 'removed' ? (
              <li key={index} className="content-diff__removed">
                <del>
                  <span className="visually-hidden">Removed: </span>
                  {text || ' '}
                </del>
              </li>
            ) : (
              <li key={index} className="content-diff__added">
                <ins>
                  <span className="visually-hidden">Added: </span>
                  {text || ' '}
                </ins>
              </li>
            ),
          )}
        </ol>
      )}
    </div>
  );
}

function changedFacts(from: Revision, to: Revision): string[] {
  const facts: string[] = [];
  if (from.title !== to.title) facts.push(`Title: “${from.title}” became “${to.title}”.`);
  if (from.category !== to.category) facts.push(`Category: ${from.category} became ${to.category}.`);
  if (from.pinned !== to.pinned) facts.push(to.pinned ? 'Pinned.' : 'No longer pinned.');
  return facts;
}
