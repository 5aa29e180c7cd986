import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/lib/api-client';
import { formatDateTime } from '../../shared/lib/dates';
import { Badge, Cancelled, Outcome, ProblemText, useStaffAction } from '../../shared/staff/staff-parts';
import { contentApi, type Notice } from './content-api';
import { STATE_LABELS, stateDetail, stateTone } from './notice-state';
import { fromLocalInput, timeZoneName, toLocalInput } from './local-time';

interface PublishPanelProps {
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
export function PublishPanel({ notice, dirty, onChange, onDeleted }: PublishPanelProps) {
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
        const updated = await contentApi.publish(notice.id, choice);
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
      onChange(await contentApi.unpublish(notice.id));
      return 'Unpublished: visitors no longer see it.';
    });
  }

  function remove() {
    void action.run(async () => {
      if (!window.confirm(`Delete “${notice.title}” and its history? This cannot be undone.`)) throw new Cancelled();
      await contentApi.remove(notice.id);
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

/** Now, or at a time (with the time's field): when visitors see the saved version. */
export function WhenToPublish(props: {
  readonly id: string;
  readonly when: 'now' | 'later';
  readonly onWhen: (when: 'now' | 'later') => void;
  readonly publishAt: string;
  readonly onPublishAt: (value: string) => void;
  readonly problem: string | null;
}) {
  const { id, when, onWhen, publishAt, onPublishAt, problem } = props;
  return (
    <fieldset>
      <legend>When visitors see this version</legend>
      <div className="field field--checkbox">
        <input id={`${id}-now`} type="radio" name="when" checked={when === 'now'} onChange={() => onWhen('now')} />
        <label htmlFor={`${id}-now`}>Now</label>
      </div>
      <div className="field field--checkbox">
        <input id={`${id}-later`} type="radio" name="when" checked={when === 'later'} onChange={() => onWhen('later')} />
        <label htmlFor={`${id}-later`}>At a time</label>
      </div>
      {when === 'later' && <TimeField id={`${id}-at`} label="Publish at" value={publishAt} onChange={onPublishAt} problem={problem} />}
    </fieldset>
  );
}

export function TimeField(props: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly problem: string | null;
  readonly onChange: (value: string) => void;
}) {
  const { id, label, value, problem, onChange } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="datetime-local" value={value} aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`} onChange={(event) => onChange(event.target.value)} />
      <p id={`${id}-hint`} className="field__hint">
        In this computer’s time ({timeZoneName()}).
      </p>
      {problem && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
