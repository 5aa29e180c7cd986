import type { ReactNode } from 'react';

/** A short aside: a pitfall to avoid or a tip. */
export function Note({ kind = 'pitfall', title, children }: { kind?: 'pitfall' | 'tip'; title: string; children: ReactNode }) {
  return (
    <div className={`note note--${kind}`} role="note">
      <p className="note__title">{title}</p>
      {children}
    </div>
  );
}
