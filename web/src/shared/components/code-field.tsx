/**
 * The field for a two-step sign-in code: six digits from the authenticator
 * app, or (`recovery`) one of the recovery codes. The browser and the phone's
 * keyboard are told what it is, so the right keyboard opens and an SMS-less
 * one-time code can be filled in.
 */
export function CodeField({ id, value, onChange, recovery = false, label }: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly recovery?: boolean;
  readonly label?: string;
}) {
  const hint = recovery
    ? 'Ten letters and digits, as written on your saved list. Each code works once.'
    : 'The 6-digit code your authenticator app shows now. Or type one of your recovery codes.';
  return (
    <div className="field">
      <label htmlFor={id}>{label ?? (recovery ? 'Recovery code' : 'Code from your authenticator app')}</label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <input id={id} name={recovery ? 'recovery-code' : 'one-time-code'} type="text" required
        inputMode={recovery ? 'text' : 'numeric'} autoComplete="one-time-code" autoCapitalize="off" spellCheck={false}
        maxLength={recovery ? 24 : 12} aria-describedby={`${id}-hint`} value={value}
        onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
