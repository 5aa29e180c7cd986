/**
 * Pieces the forms of the signed-in pages share: a problem in words, the
 * notice shown without scripts, and a new password's field with its rule.
 */
import type { ChangeEvent } from 'react';

/** A form's problem, announced to screen readers as it appears. */
export function FormProblem({ problem }: { readonly problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="auth-form__problem">
      {problem}
    </p>
  );
}

/** An error in words, as the server explained it (`ApiError`) or as it came. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Stated before anyone types, as the server enforces it. */
const PASSWORD_RULE = '8 to 128 characters. Avoid common passwords and your email address.';

/** A field for a new password, with the rule stated before anyone types. */
export function NewPasswordField({
  id,
  label,
  value,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="password" name="password" autoComplete="new-password" required
        minLength={8} maxLength={128} aria-describedby={`${id}-rule`} value={value} onChange={onChange} />
      <p id={`${id}-rule`} className="field__hint">
        {PASSWORD_RULE}
      </p>
    </div>
  );
}

/** Shown only while scripts are off (CSS hides it under `html.js`): `action` needs them. */
export function NeedsJavaScript({ action }: { readonly action: string }) {
  return <p className="auth-page__notice">{action} needs JavaScript. Please turn it on and reload this page.</p>;
}
