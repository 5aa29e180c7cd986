import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { college } from '../../content/college';
import { useAuth } from '../../shared/auth/auth-context';
import { useSecondFactorGate } from '../../shared/auth/second-factor-gate';
import { loginHref } from '../../shared/auth/return-to';
import { AppLink } from '../../shared/components/app-link';
import { FormProblem, NeedsJavaScript } from '../../shared/components/form-parts';
import { useSignedInAction } from '../../shared/hooks/use-action';
import { useHydrated } from '../../shared/hooks/use-hydrated';
import { useLoad } from '../../shared/hooks/use-load';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { ApiError } from '../../shared/lib/api-client';
import { JOIN_PATH } from '../../shared/paths/join';
import { TEACH_PATH } from '../../shared/paths/teach';
import { TUTORIAL_ROOT } from '../../shared/paths/tutorial';
import { classesApi, type JoinPreview, type StudentClass } from './classes-api';
import { isWellFormedJoinCode, joinCodeOfPath, joinPath, normalizeJoinCode } from './join-code';
import { WhatTeachersSee, YOUR_CLASSES_HREF } from './membership';
import '../../shared/styles/forms.css';

/**
 * /join/CODE: the page a class's join link opens. It names the class and its
 * teacher and says what the teacher will see; nothing is shared until the
 * student presses Join. /join itself asks for the code, its form in the first
 * HTML. The server sends anyone signed out to sign in first, and back here
 * after. Its own chunk; every /join/CODE is served one prerendered shell
 * (JOIN_CODE_SHELL), which holds no class.
 */
export default function JoinPage() {
  const { user } = useAuth();
  useSecondFactorGate();
  const [location, navigate] = useLocation();
  const hydrated = useHydrated();
  const code = joinCodeOfPath(location);
  // Reached from the login page after signing in, whose title the document still has.
  usePageMeta(college.pages.join);

  // A session that ended while the page was open (or a visit the server did not see).
  useEffect(() => {
    if (user === null) navigate(loginHref(location), { replace: true });
  }, [user, location, navigate]);

  return (
    <div className="section container auth-page auth-page--narrow join-page signed-in-page">
      <h1>Join a class</h1>
      <NeedsJavaScript action="Joining a class" />
      {code === null ? (
        <CodeForm />
      ) : !hydrated ? (
        <LookingUp />
      ) : (
        // Keyed by the code: another link starts afresh.
        <JoinClass key={code} code={code} />
      )}
    </div>
  );
}

/** While the class a code opens is asked for (and in the shell, before the page's script runs). */
function LookingUp() {
  return (
    <p role="status" className="join-page__loading">
      Looking up the class…
    </p>
  );
}

/** /join: a code typed in, as the teacher shows it or a student copies it. */
function CodeForm() {
  const [, navigate] = useLocation();
  // Continue works once the page's script runs: before, the browser would send the code in the address.
  const hydrated = useHydrated();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = normalizeJoinCode(value.trim());
    const wrong = !code
      ? 'Enter the class code your teacher gave you.'
      : !isWellFormedJoinCode(code)
        ? 'This is not a class code. A code has 8 letters and digits (never 0, 1, I, L or O), like K7MX Q3PR. Check it with your teacher.'
        : null;
    setProblem(wrong);
    if (wrong) input.current?.focus();
    else navigate(joinPath(code));
  }

  return (
    <form className="auth-card auth-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${ids}-code`}>Enter the class code</label>
        <input ref={input} id={`${ids}-code`} name="code" autoComplete="off" autoCapitalize="characters" spellCheck={false}
          maxLength={40} aria-describedby={`${ids}-hint`} aria-invalid={problem ? true : undefined}
          className="join-page__code-input" value={value} onChange={(event) => setValue(event.target.value)} />
        <p id={`${ids}-hint`} className="field__hint">
          Your teacher shows it with the class&apos;s join link: 8 letters and digits, like K7MX Q3PR.
        </p>
      </div>
      <FormProblem problem={problem} />
      <div className="auth-form__actions">
        <button type="submit" className="button" disabled={!hydrated}>
          Continue
        </button>
      </div>
    </form>
  );
}

/** /join/CODE: the class the code opens, then joining it. */
function JoinClass({ code }: { readonly code: string }) {
  const { refresh } = useAuth();
  const [location, navigate] = useLocation();
  // Asks which class the code opens once the page shows; nothing is shared by asking.
  const preview = useLoad(() => classesApi.preview(code), code, (error) => {
    // The session ended: asking who is signed in sends the page to sign in, and back.
    if (error instanceof ApiError && error.code === 'not-signed-in') void refresh();
  });
  const [joined, setJoined] = useState<StudentClass | null>(null);

  // The link as the server reads it: a code typed in lower case or with dashes shows as the teacher wrote it.
  useEffect(() => {
    if (location !== joinPath(code) && isWellFormedJoinCode(code)) navigate(joinPath(code), { replace: true });
  }, [location, code, navigate]);

  if (joined) return <Joined joined={joined} />;
  if (preview.data) return <Preview code={code} preview={preview.data} onJoined={setJoined} />;
  if (preview.problem) {
    return (
      <div className="auth-card">
        <FormProblem problem={preview.problem} />
        <p>
          <AppLink href={JOIN_PATH}>Enter a class code</AppLink> · <AppLink href={TUTORIAL_ROOT}>Go to the tutorial</AppLink>
        </p>
      </div>
    );
  }
  return <LookingUp />;
}

interface PreviewProps {
  readonly code: string;
  readonly preview: JoinPreview;
  readonly onJoined: (joined: StudentClass) => void;
}

/** The class, its teacher and what joining shares, with Join and Not now. */
function Preview({ code, preview, onJoined }: PreviewProps) {
  const { refresh } = useAuth();
  const [, navigate] = useLocation();
  const { busy, problem, run } = useSignedInAction(() => void refresh());
  const ids = useId();
  const { class: joining, member, ownClass } = preview;

  function join(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      onJoined(await classesApi.join(code));
      return null;
    });
  }

  return (
    <section className="auth-card" aria-labelledby={`${ids}-name`}>
      <h2 id={`${ids}-name`} className="join-page__class">
        {joining.name}
      </h2>
      <p className="join-page__teacher">Teacher: {joining.teacher}</p>
      {ownClass ? (
        <>
          <p className="auth-form__done">You teach this class, so you do not join it as a student.</p>
          <p>
            <AppLink href={TEACH_PATH}>Go to the classes you teach</AppLink>
          </p>
        </>
      ) : member ? (
        <>
          <p className="auth-form__done">You are already in this class.</p>
          <WhatTeachersSee sees={`${joining.teacher} sees`} doesNotSee={`${joining.teacher} does not see`} />
          <p>
            <a href={YOUR_CLASSES_HREF}>Your classes on your account page</a> ·{' '}
            <AppLink href={TUTORIAL_ROOT}>Go to the tutorial</AppLink>
          </p>
        </>
      ) : (
        <form className="auth-form" onSubmit={join}>
          <p>If you join, your progress in the tutorial is shared with your teacher from now on.</p>
          <WhatTeachersSee sees={`${joining.teacher} will see`} doesNotSee={`${joining.teacher} will not see`} />
          <p>Nothing is shared until you press Join. You can leave the class on your account page at any time.</p>
          <FormProblem problem={problem} />
          <div className="auth-form__actions">
            <button type="submit" className="button" disabled={busy}>
              Join
            </button>
            <button type="button" className="button button--outline" disabled={busy} onClick={() => navigate(TUTORIAL_ROOT)}>
              Not now
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** After joining: which class, and where to go next. */
function Joined({ joined }: { readonly joined: StudentClass }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  // The page changed under the button that was pressed: the focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="auth-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
        You joined {joined.name}
      </h2>
      <p>
        {joined.teacher} now sees your progress in this class. Your classes are listed on your account page, where you
        can leave one.
      </p>
      <p>
        <AppLink href={TUTORIAL_ROOT}>Go to the tutorial</AppLink> ·{' '}
        <a href={YOUR_CLASSES_HREF}>Your classes on your account page</a>
      </p>
    </section>
  );
}
