import type { ReactNode } from 'react';
import { useHydrated } from '../../../shared/hooks/use-hydrated';

/**
 * The box a lesson's demo runs in, named for assistive technology. Its
 * controls stay disabled until the lesson's code has hydrated them, so an
 * early click or keystroke is not lost (or a demo form submitted natively).
 */
export function LiveDemo({ name, children }: { name: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="live-demo" aria-label={`Live demo: ${name}`} disabled={!hydrated}>
      <p className="live-demo__label" aria-hidden="true">
        Live demo
      </p>
      {children}
    </fieldset>
  );
}
