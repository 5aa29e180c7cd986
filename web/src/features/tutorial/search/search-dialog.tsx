import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { loadLessonSearch, type LessonSearch, type SearchResult } from './search-engine';
import './search.css';

interface Props {
  readonly onClose: () => void;
  /**
   * Opens a lesson. Given by the button, which the layout's chunk holds: this
   * chunk importing the router itself makes the bundler split React out of
   * the main script, which costs every page about 1 kB.
   */
  readonly navigate: (path: string) => void;
}

/**
 * A modal dialog with a combobox (the query) and the listbox of lessons,
 * notices and pages it finds, as the ARIA Authoring Practices' "list autocomplete" pattern: focus
 * stays in the field, arrows move the active option (aria-activedescendant),
 * Enter opens it (the first, until an arrow moves), Esc closes.
 */
export default function SearchDialog({ onClose, navigate }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [search, setSearch] = useState<LessonSearch | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const listId = `${id}-results`;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    let current = true;
    loadLessonSearch().then(
      (loaded) => current && setSearch(() => loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  const results: SearchResult[] = useMemo(() => (search ? search(query) : []), [search, query]);
  const activeIndex = Math.min(active, results.length - 1);

  const open = (result: SearchResult | undefined) => {
    if (!result) return;
    onClose();
    // A notice or a page is the server's, with the office's text: it loads from there.
    if (result.kind !== 'Lesson') {
      window.location.assign(result.path);
      return;
    }
    navigate(result.path);
    window.scrollTo(0, 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!results.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + results.length) % results.length);
    } else if (event.key === 'Escape') {
      // Handled here, not left to the dialog: in a field with text, Chromium's first Esc would only clear it.
      event.preventDefault();
      onClose();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(results[activeIndex]);
    }
  };

  let status = '';
  if (failed) status = 'Search could not load. Try again when the page has loaded.';
  else if (!search && query) status = 'Loading search…';
  else if (query.trim()) status = results.length ? `${results.length} result${results.length === 1 ? '' : 's'} found` : 'Nothing matches';

  return (
    <dialog
      ref={dialog}
      className="search-dialog"
      aria-labelledby={`${id}-label`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (outside the dialog's box) closes it.
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="search-dialog__box">
        <label id={`${id}-label`} htmlFor={`${id}-input`} className="search-dialog__label">
          Search the site
        </label>
        <input
          id={`${id}-input`}
          className="search-dialog__input"
          type="text"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={results.length ? `${id}-option-${activeIndex}` : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <p className="search-dialog__hint">Lessons, notices and the college’s pages. Enter opens the first, arrows move, Esc closes.</p>
        <ul id={listId} role="listbox" aria-label="Results" className="search-dialog__results">
          {results.map((result, index) => (
            <li
              key={result.path}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className="search-dialog__option"
              onClick={() => open(result)}
              onMouseMove={() => setActive(index)}
            >
              <span className="search-dialog__title">{result.title}</span>
              <span className="search-dialog__path">
                {result.kind === 'Lesson' ? '' : `${result.kind} · `}
                {result.path}
              </span>
            </li>
          ))}
        </ul>
        <p role="status" className="search-dialog__status">
          {status}
        </p>
        <button type="button" className="search-dialog__close" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
