import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../shared/lib/api-client';
import { formatDateTime } from '../../../shared/lib/dates';
import { Badge, Cancelled, Outcome, ProblemText, useStaffAction } from '../../../shared/staff/staff-parts';
import { fromLocalInput, toLocalInput } from '../publishing/local-time';
import { STATE_LABELS, stateDetail, stateTone } from '../publishing/publish-state';
import { TimeField, WhenToPublish } from '../publishing/publish-time';
import { noticesApi, type Notice } from './notices-api';

interface NoticePublishingProps {
  readonly notice: Notice;
  /** Whether the form holds changes not saved yet: what is published is what was saved. */
  readonly dirty: boolean;
  readonly onChange: (notice: Notice) => void;
  readonly onDeleted: () => void;
}

/**
 * Where a notice stands and what can be done with it: publish the saved text now or at a
 * time, with an optional expiry; take it down; delete it.
 */
export function NoticePublishing({ notice, dirty, onChange, onDeleted }: NoticePublishingProps) {
  const ids = useId();
  const [when, setWhen] = useState<'now' | 'later'>(notice.publishAt !== null && notice.state === 'scheduled' ? 'later' : 'now');
  const [publishAt, setPublishAt] = useState(notice.publishAt !== null ? toLocalInput(notice.publishAt) : '');
  const [expires, setExpires] = useState(notice.expiresAt !== null);
  const [expiresAt, setExpiresAt] = useState(notice.expiresAt !== null ? toLocalInput(notice.expiresAt) : '');
  const [fieldProblem, setFieldProblem] = useState<{ field: string; message: string } | null>(null);
  const action = useStaffAction();
  const detail = stateDetail(notice);
  const live = notice.live !== null && notice.state !== 'expired';
  const problemAt = (field: string) => (fieldProblem?.field === field ? fieldProblem.message : null);

  function publish(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void action.run(async () => {
      setFieldProblem(null);
      const choice = {
        revision: notice.head,
        publishAt: when === 'later' ? fromLocalInput(publishAt) : null,
        expiresAt: expires ? fromLocalInput(expiresAt) : null,
      };
      if (when === 'later' && choice.publishAt === null) {
        setFieldProblem({ field: 'publishAt', message: 'Choose the day and time to publish at.' });
        throw new Cancelled();
      }
      if (expires && choice.expiresAt === null) {
        setFieldProblem({ field: 'expiresAt', message: 'Choose the day and time it expires, or untick the box.' });
        throw new Cancelled();
      }
      try {
        const updated = await noticesApi.publish(notice.id, choice);
        onChange(updated);
        return choice.publishAt === null ? 'Published. Visitors see it now.' : `Scheduled for ${formatDateTime(choice.publishAt)}.`;
      } catch (error) {
        if (error instanceof ApiError && error.field) {
          setFieldProblem({ field: error.field, message: error.message });
          throw new Cancelled();
        }
        throw error;
      }
    });
  }

  function unpublish() {
    void action.run(async () => {
      if (!window.confirm(`Take “${notice.title}” off the site? It stays here as a draft.`)) throw new Cancelled();
      onChange(await noticesApi.unpublish(notice.id));
      return 'Unpublished: visitors no longer see it.';
    });
  }

  function remove() {
    void action.run(async () => {
      if (!window.confirm(`Delete “${notice.title}” and its history? This cannot be undone.`)) throw new Cancelled();
      await noticesApi.remove(notice.id);
      onDeleted();
      return null;
    });
  }

  return (
    <section className="content-publish" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Publishing</h2>
      <p>
        <Badge tone={stateTone(notice)}>{STATE_LABELS[notice.state]}</Badge> {detail}
        {live && (
          <>
            {' '}
            <a href={notice.path}>See it on the site</a>
          </>
        )}
      </p>
      {dirty ? (
        <p className="content-note">Save your changes first: what is published is the saved text.</p>
      ) : (
        <form className="content-publish__form" onSubmit={publish} noValidate>
          <WhenToPublish id={ids} when={when} onWhen={setWhen} publishAt={publishAt} onPublishAt={setPublishAt} problem={problemAt('publishAt')} />
          <div className="field field--checkbox">
            <input id={`${ids}-expires`} type="checkbox" checked={expires} onChange={(event) => setExpires(event.target.checked)} />
            <label htmlFor={`${ids}-expires`}>Take it down at a time</label>
          </div>
          {expires && <TimeField id={`${ids}-until`} label="Expires at" value={expiresAt} onChange={setExpiresAt} problem={problemAt('expiresAt')} />}
          <div className="staff-actions">
            <button type="submit" className="button" disabled={action.busy}>
              {when === 'later' ? 'Schedule' : live ? 'Publish this version' : 'Publish'}
            </button>
            {(live || notice.state === 'scheduled') && (
              <button type="button" className="button button--outline" disabled={action.busy} onClick={unpublish}>
                Unpublish
              </button>
            )}
          </div>
        </form>
      )}
      <ProblemText problem={action.problem} />
      <Outcome message={action.done} />
      <div className="staff-actions content-publish__delete">
        <button type="button" className="button staff-button--danger" disabled={action.busy} onClick={remove}>
          Delete notice
        </button>
      </div>
    </section>
  );
}
