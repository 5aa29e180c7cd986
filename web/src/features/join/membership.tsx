/**
 * A student's place in classes, as both the join page and the account page
 * speak of it. Its stylesheet also holds the join page's few styles, so the
 * two pages add one stylesheet to the site, not two.
 */
import { ACCOUNT_PATH } from '../../shared/paths/account';
import './membership.css';

/** The account page's list of the classes a student is in (its section's id). */
export const YOUR_CLASSES_ID = 'classes';
export const YOUR_CLASSES_HREF = `${ACCOUNT_PATH}#${YOUR_CLASSES_ID}`;

/**
 * What joining a class shares, in the words the join page and the account
 * page's "Your classes" both use: a student reads the same promise before
 * joining and after. The server's class table and CSV send no more than this.
 */
export const TEACHER_SEES =
  'your name and email, the lessons you mark done and when, the challenges you pass with the code that passed, and when you were last active';
export const TEACHER_DOES_NOT_SEE = 'your edits in progress, other versions of your code, your sessions, your password';

interface WhatTeachersSeeProps {
  /** How the first sentence starts: "Asha Rao will see", "Your teachers see". */
  readonly sees: string;
  /** How the second starts: "Asha Rao will not see", "They do not see". */
  readonly doesNotSee: string;
}

export function WhatTeachersSee({ sees, doesNotSee }: WhatTeachersSeeProps) {
  return (
    <div className="teacher-sees">
      <p>
        <strong>{sees}</strong> {TEACHER_SEES}.
      </p>
      <p>
        <strong>{doesNotSee}</strong> {TEACHER_DOES_NOT_SEE}.
      </p>
    </div>
  );
}
