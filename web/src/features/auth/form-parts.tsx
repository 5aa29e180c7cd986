/** Pieces the login, register and password reset forms share. */

/** Stated before anyone types, as the server enforces it. */
export const PASSWORD_RULE = '8 to 128 characters. Avoid common passwords and your email address.';

/** A form's problem, announced to screen readers as it appears. */
export function FormProblem({ problem }: { readonly problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="auth-form__problem">
      {problem}
    </p>
  );
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
