import { LoadState, useStaffLoad } from '../../../shared/staff/staff-parts';
import { diffLines } from './line-diff';
import type { Revision } from './revisions';

interface RevisionDiffProps {
  /** Names the item, so that another item's revisions are loaded afresh. */
  readonly item: string;
  readonly older: number;
  readonly newer: number;
  /** Reads one revision whole, with its text. */
  readonly read: (number: number) => Promise<Revision>;
  /** What else changed besides the text, a sentence each (a notice's title, category, pin). */
  readonly facts: (from: Revision, to: Revision) => string[];
}

/** What changed from revision `older` to `newer`: what the kind names in words, the text line by line. */
export function RevisionDiff({ item, older, newer, read, facts: factsOf }: RevisionDiffProps) {
  const pair = useStaffLoad(() => Promise.all([read(older), read(newer)]), `${item}:${older}:${newer}`);
  if (pair.data === null) return <LoadState what="the two revisions" problem={pair.problem} onRetry={pair.reload} />;
  const [from, to] = pair.data;
  const facts = factsOf(from, to);
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
