import type { ReactNode } from 'react';

/** The box a lesson's demo runs in, named for assistive technology. */
export function LiveDemo({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="live-demo" role="group" aria-label={`Live demo: ${name}`}>
      <p className="live-demo__label" aria-hidden="true">
        Live demo
      </p>
      {children}
    </div>
  );
}
