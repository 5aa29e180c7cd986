import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../shared/lib/api-client';
import { formatDateTime } from '../../../shared/lib/dates';
import { Badge, Cancelled, Outcome, ProblemText, useStaff, useStaffAction } from '../../../shared/staff/staff-parts';
import { fromLocalInput } from '../publishing/local-time';
import { stateDetail, stateTone } from '../publishing/publish-state';
import { WhenToPublish } from '../publishing/publish-time';
import { stateLabel, type ItemKind } from './item-kind';
import type { Item } from './items-api';

/**
 * Publish the saved version now or at a time. A page is never taken down (the site always shows
 * one); a course can be hidden from visitors, and shown again by publishing it.
 */
export function ItemPublishing(props: {
  readonly kind: ItemKind;
  readonly item: Item;
  readonly dirty: boolean;
  readonly onChange: (item: Item) => void;
}) {
  const { kind, item, dirty, onChange } = props;
  const ids = useId();
  const [when, setWhen] = useState<'now' | 'later'>(item.state === 'scheduled' ? 'later' : 'now');
  const [publishAt, setPublishAt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useStaffAction();
  // The staff area's summary counts the disclosure's items never published.
  const { refreshSummary } = useStaff();
  const upToDate = item.live === item.head && item.state !== 'scheduled';

  function publish(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void action.run(async () => {
      setProblem(null);
      const at = when === 'later' ? fromLocalInput(publishAt) : null;
      if (when === 'later' && at === null) {
        setProblem('Choose the day and time to publish at.');
        throw new Cancelled();
      }
      try {
        onChange(await kind.api.publish(item.slug, { revision: item.head, publishAt: at }));
        refreshSummary();
        return at === null ? 'Published. Visitors see it now.' : `Scheduled for ${formatDateTime(at)}.`;
      } catch (error) {
        if (error instanceof ApiError && error.field === 'publishAt') {
          setProblem(error.message);
          throw new Cancelled();
        }
        throw error;
      }
    });
  }

  function hide() {
    void action.run(async () => {
      onChange(await kind.api.unpublish(item.slug));
      return `Hidden. Visitors no longer see ${item.name}; publish a version to show it again.`;
    });
  }

  return (
    <section className="content-publish" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Publishing</h2>
      <p>
        <Badge tone={stateTone(item)}>{stateLabel(kind, item)}</Badge> {stateDetail(item)}{' '}
        {item.live === null ? 'Visitors do not see it.' : <a href={item.path}>See it on the site</a>}
      </p>
      {dirty ? (
        <p className="content-note">Save your changes first: what is published is the saved text.</p>
      ) : upToDate ? (
        <p className="content-note">Visitors see the newest version.</p>
      ) : (
        <form className="content-publish__form" onSubmit={publish} noValidate>
          <WhenToPublish id={ids} when={when} onWhen={setWhen} publishAt={publishAt} onPublishAt={setPublishAt} problem={problem} />
          <div className="staff-actions">
            <button type="submit" className="button" disabled={action.busy}>
              {when === 'later' ? 'Schedule' : 'Publish this version'}
            </button>
          </div>
        </form>
      )}
      {kind.hideable && item.live !== null && (
        <div className="staff-actions">
          <button type="button" className="button button--outline" disabled={action.busy} onClick={hide}>
            Hide from the site
          </button>
        </div>
      )}
      <ProblemText problem={action.problem} />
      <Outcome message={action.done} />
    </section>
  );
}
