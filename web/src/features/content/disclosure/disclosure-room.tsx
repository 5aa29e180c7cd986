import { useId } from 'react';
import { usePageMeta } from '../../../shared/hooks/use-page-meta';
import { formatDate } from '../../../shared/lib/dates';
import { STAFF_META } from '../../../shared/staff/staff-meta';
import { Badge, LoadState, Outcome, ProblemText, useStaff, useStaffAction, useStaffLoad } from '../../../shared/staff/staff-parts';
import { stateDetail } from '../publishing/publish-state';
import { DISCLOSURE_KIND, type ItemKind } from '../items/item-kind';
import { HistoryLink, ItemNameCell, lastChange } from '../items/item-cells';
import { itemRoom } from '../items/items-room';
import { bySection, disclosureItems, markReviewed, STANDING_LABELS, standingCounts, type DisclosureSummary, type Standing } from './disclosure-api';
import '../content.css';

const TONES: Readonly<Record<Standing, 'good' | 'bad' | undefined>> = {
  published: 'good',
  notApplicable: undefined,
  needsReview: 'bad',
  neverPublished: 'bad',
};

/**
 * The disclosure's checklist: the guidelines' ten sections, each item with where it stands,
 * and "Mark reviewed" for what visitors read that still holds.
 */
function DisclosureList({ kind }: { readonly kind: ItemKind }) {
  usePageMeta(STAFF_META, `${kind.label} · `);
  const list = useStaffLoad(disclosureItems, kind.room);
  const action = useStaffAction();
  const { refreshSummary } = useStaff();
  const ids = useId();

  const reviewed = (item: DisclosureSummary) =>
    action.run(async () => {
      await markReviewed(item.slug);
      list.reload();
      refreshSummary();
      return `${item.name} is marked reviewed today.`;
    });

  return (
    <>
      <h1>{kind.label}</h1>
      <p>{kind.intro}</p>
      {list.data !== null && (
        <p className={list.data.some((item) => item.standing === 'needsReview' || item.standing === 'neverPublished') ? 'content-checklist' : 'content-checklist content-checklist--done'}>
          <strong>{standingCounts(list.data)}</strong>
        </p>
      )}
      <Outcome message={action.done} />
      <ProblemText problem={action.problem} />
      {list.data === null ? (
        <LoadState what="the disclosure" problem={list.problem} onRetry={list.reload} />
      ) : (
        bySection(list.data).map(([section, items], index) => (
          <section key={section} aria-labelledby={`${ids}-${index}`}>
            <h2 id={`${ids}-${index}`}>{section}</h2>
            <div className="table-box" role="region" aria-label={`${section} (scrolls sideways)`} tabIndex={0}>
              <table className="data-table staff-table">
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">State</th>
                    <th scope="col">Last change</th>
                    <th scope="col">Review</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.slug}>
                      <ItemNameCell room={kind.room} item={item} />
                      <td>
                        <Badge tone={TONES[item.standing]}>{STANDING_LABELS[item.standing]}</Badge>
                        {item.standingWhy && <span className="content-detail">{item.standingWhy}</span>}
                        {stateDetail(item) && <span className="content-detail">{stateDetail(item)}</span>}
                      </td>
                      <td>
                        {lastChange(item)} <HistoryLink room={kind.room} item={item} />
                      </td>
                      <td>
                        {item.reviewedAt !== null && <span className="content-detail">Reviewed {formatDate(item.reviewedAt)}</span>}
                        {item.standing !== 'neverPublished' && (
                          <button
                            type="button"
                            className="button button--outline"
                            aria-label={`Mark reviewed: ${item.name}`}
                            disabled={action.busy}
                            onClick={() => void reviewed(item)}
                          >
                            Mark reviewed
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ))
      )}
    </>
  );
}

/** `/staff/disclosure` and a page of each: the public self-disclosure's checklist and items. */
export const disclosureRoom = itemRoom(DISCLOSURE_KIND, DisclosureList);
