import { useEffect, useId, useRef, useState } from 'react';

/**
 * Recovery codes, shown once: to copy, download as a text file or print. The
 * heading takes the focus as they appear, so a screen reader starts here.
 */
export function RecoveryCodes({ codes, onDone }: { readonly codes: readonly string[]; readonly onDone: () => void }) {
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `Two-step sign-in recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied.');
    } catch {
      setCopied('Copying is not allowed here: select the codes and copy them, or download them.');
    }
  }

  function download() {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  return (
    <section className="auth-card two-step__codes" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
        Save your recovery codes
      </h2>
      <p>
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe, away from your phone. This is
        the only time they are shown.
      </p>
      <ol className="two-step__code-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="auth-form__actions">
        <button type="button" className="button button--outline" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="button button--outline" onClick={download}>
          Download
        </button>
        <button type="button" className="button button--outline" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <p role="status">{copied}</p>
      <div className="auth-form__actions">
        <button type="button" className="button" onClick={onDone}>
          I have saved these codes
        </button>
      </div>
    </section>
  );
}
