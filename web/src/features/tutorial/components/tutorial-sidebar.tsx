import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { AppLink } from '../../../shared/components/app-link';
import { useDoneLessons } from '../progress/lesson-progress';
import { SearchButton } from '../search/search-button';
import { tutorialSidebar, type TutorialEntry } from '../tutorial-data';

const NAV_ID = 'tutorial-nav';

/**
 * The lesson list. On narrow screens it folds behind a button, but only once
 * scripts run (the `js` class on <html>), so without them it stays in view.
 */
export function TutorialSidebar({ current }: { current: TutorialEntry }) {
  // Open only for the lesson where it was opened: moving on closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === current.path;
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpenAt(null);
      buttonRef.current?.focus();
    }
  };
  // A link to the lesson already shown does not navigate, but should still close.
  const onNavClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) setOpenAt(null);
  };

  return (
    <div className="tutorial-sidebar" onKeyDown={onKeyDown}>
      <SearchButton />
      <button
        type="button"
        className="tutorial-sidebar__toggle"
        aria-expanded={open}
        aria-controls={NAV_ID}
        onClick={() => setOpenAt(open ? null : current.path)}
        ref={buttonRef}
      >
        Lessons
      </button>
      <nav id={NAV_ID} className="tutorial-nav" aria-label="React tutorial" data-open={open} onClick={onNavClick}>
        <h2 className="tutorial-nav__heading">React tutorial</h2>
        <SidebarList entries={tutorialSidebar} current={current} done={useDoneLessons()} />
      </nav>
    </div>
  );
}

interface SidebarListProps {
  readonly entries: readonly TutorialEntry[];
  readonly current: TutorialEntry;
  /** Lessons done, by module name: each gets a check mark, and the word for screen readers. */
  readonly done: ReadonlySet<string>;
}

function SidebarList({ entries, current, done }: SidebarListProps) {
  return (
    <ul className="tutorial-nav__list">
      {entries.map((entry) => (
        <li key={entry.path}>
          <AppLink
            href={entry.path}
            className="tutorial-nav__link"
            aria-current={entry === current ? 'page' : undefined}
          >
            {entry.title}
            {done.has(entry.lesson) && (
              <span className="tutorial-nav__done">
                <span aria-hidden="true">✓</span>
                <span className="visually-hidden"> (done)</span>
              </span>
            )}
          </AppLink>
          {entry.children && <SidebarList entries={entry.children} current={current} done={done} />}
        </li>
      ))}
    </ul>
  );
}
