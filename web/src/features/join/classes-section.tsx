import { useEffect, useId, useRef, useState } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { FormProblem } from '../../shared/components/form-parts';
import { useSignedInAction } from '../../shared/hooks/use-action';
import { useLoad } from '../../shared/hooks/use-load';
import { ApiError } from '../../shared/lib/api-client';
import { formatDate } from '../../shared/lib/dates';
import { JOIN_PATH } from '../../shared/paths/join';
import { classesApi, type JoinedClass } from './classes-api';
import { WhatTeachersSee, YOUR_CLASSES_ID } from './membership';

/**
 * The account page's "Your classes": the classes the student joined, what their
 * teachers see, and leaving one. The join feature's, as its API and its promise
 * are; the account page gets it from app/account-page.tsx, and its look from the
 * account page's stylesheet (the session list, the outcome line).
 * Loaded on its own beside the account, so a slow answer holds up nothing else.
 */
export function ClassesSection({ onSignedOut }: { readonly onSignedOut: () => void }) {
  const classes = useLoad(() => classesApi.joined(), 'classes');
  const { busy, problem, done, run } = useSignedInAction(onSignedOut);
  const ids = useId();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // The join page links here (/account#classes); the section arrives after the page, so it is brought into view.
  const arrived = !classes.loading;
  useEffect(() => {
    if (arrived && window.location.hash === `#${YOUR_CLASSES_ID}`) section.current?.scrollIntoView();
  }, [arrived]);

  function leave(left: JoinedClass) {
    void run(async () => {
      try {
        await classesApi.leave(left.id);
      } catch (error) {
        // The teacher removed the student meanwhile: the row goes all the same.
        if (!(error instanceof ApiError && error.code === 'not-a-member')) throw error;
      }
      if (classes.data) classes.replace(classes.data.filter(({ id }) => id !== left.id));
      // The row, and the button pressed, are gone: the focus goes to the list's heading.
      heading.current?.focus();
      return `You left ${left.name}. Your teacher no longer sees your progress.`;
    });
  }

  return (
    <section ref={section} id={YOUR_CLASSES_ID} className="auth-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
        Your classes
      </h2>
      {classes.data === null ? (
        classes.problem ? (
          <>
            <FormProblem problem={classes.problem} />
            <button type="button" className="button button--outline" onClick={classes.reload}>
              Try again
            </button>
          </>
        ) : (
          <p role="status">Loading your classes…</p>
        )
      ) : classes.data.length === 0 ? (
        <p>You are not in any class. A teacher gives you a join link.</p>
      ) : (
        <>
          <WhatTeachersSee sees="Your teachers see" doesNotSee="They do not see" />
          <ul className="session-list">
            {classes.data.map((joined) => (
              <ClassRow key={joined.id} joined={joined} busy={busy} onLeave={() => leave(joined)} />
            ))}
          </ul>
        </>
      )}
      <FormProblem problem={problem} />
      <p role="status" className="account-page__done">
        {done}
      </p>
      <p className="auth-card__footer">
        <AppLink href={JOIN_PATH}>Join a class with its code</AppLink>
      </p>
    </section>
  );
}

interface ClassRowProps {
  readonly joined: JoinedClass;
  readonly busy: boolean;
  readonly onLeave: () => void;
}

/** A class, and leaving it: asked for once, then confirmed. */
function ClassRow({ joined, busy, onLeave }: ClassRowProps) {
  const [confirming, setConfirming] = useState(false);
  const leaveButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  // The focus follows the question: to it when asked, back to Leave when cancelled.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (asked.current) leaveButton.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  return (
    <li className="session-list__item">
      <div>
        <p className="session-list__device">{joined.name}</p>
        <p className="field__hint">
          Teacher: {joined.teacher} · joined {formatDate(joined.joinedAt)}
        </p>
      </div>
      {confirming ? (
        <div className="class-list__confirm">
          <p>
            Leave {joined.name}? Your teacher will no longer see your progress.
          </p>
          <div className="auth-form__actions">
            <button ref={confirmButton} type="button" className="button button--danger" disabled={busy} onClick={onLeave}>
              Leave the class
            </button>
            <button type="button" className="button button--outline" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button ref={leaveButton} type="button" className="button button--outline" disabled={busy}
          aria-label={`Leave ${joined.name}`} onClick={() => setConfirming(true)}>
          Leave
        </button>
      )}
    </li>
  );
}
