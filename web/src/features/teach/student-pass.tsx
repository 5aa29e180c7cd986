import { lazy, startTransition, Suspense, useId, useState } from 'react';
import { formatDateTime } from '../../shared/lib/dates';
import { colourable } from './code-limits';
import { describeChallenge } from './tutorial-outline';
import type { PassBody } from './teach-api';

// The highlighter (the editor's grammars) loads only when a teacher first shows a pass's code.
const PassedCode = lazy(() => import('./passed-code'));

/**
 * One challenge a student passed, in their detail. Its code is shown (and
 * coloured) only when the teacher asks for it: a student may have passed every
 * challenge with files of up to 20 KB, and putting all of them on the page at
 * once would hold it up, however each file is shown.
 */
export function StudentPass({ pass }: { readonly pass: PassBody }) {
  const ids = useId();
  const [shown, setShown] = useState(false);
  const { title, lesson } = describeChallenge(pass.challenge);
  const files = Object.entries(pass.files);
  // A transition: React renders the files one at a time and lets the page answer in between.
  const toggle = () => startTransition(() => setShown((now) => !now));
  // The pass's title in the button's name, for a list of buttons that would otherwise all read the same.
  const action = shown ? 'Hide the code' : 'Show the code';
  return (
    <li className="student-detail__pass">
      <h4 id={`${ids}-title`}>{title}</h4>
      <p className="student-detail__when">
        {lesson && <>Lesson: {lesson} · </>}
        passed <time dateTime={new Date(pass.passedAt).toISOString()}>{formatDateTime(pass.passedAt)}</time>
      </p>
      {files.length > 0 && (
        <button type="button" className="button button--outline student-detail__show" aria-expanded={shown}
          aria-controls={`${ids}-code`} aria-label={`${action}: ${title}`} onClick={toggle}>
          {action}
        </button>
      )}
      <div id={`${ids}-code`} hidden={!shown}>
        {shown && files.map(([file, code]) => <PassFile key={file} ids={ids} file={file} code={code} />)}
      </div>
    </li>
  );
}

function PassFile({ ids, file, code }: { readonly ids: string; readonly file: string; readonly code: string }) {
  const coloured = colourable(code);
  return (
    <div className="code-block">
      <p className="code-block__caption" id={`${ids}-${file}`}>
        {file}
      </p>
      {!coloured && (
        <p className="student-detail__plain" id={`${ids}-${file}-plain`}>
          Shown without colours: this file is too long to colour quickly.
        </p>
      )}
      {/* The lessons' code styles (tutorial.css) are in every page's stylesheet. */}
      <pre className="code-block__pre" tabIndex={0} role="region" aria-labelledby={`${ids}-title ${ids}-${file}`}
        aria-describedby={coloured ? undefined : `${ids}-${file}-plain`}>
        <code>
          {coloured ? (
            <Suspense fallback={code}>
              <PassedCode file={file} code={code} />
            </Suspense>
          ) : (
            code
          )}
        </code>
      </pre>
    </div>
  );
}
