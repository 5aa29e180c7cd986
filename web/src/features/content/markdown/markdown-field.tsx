import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { post } from '../../../shared/lib/api-client';
import { applyEdit, type Edit, type EditKind } from './markdown-edits';

/** The server's sanitised HTML of `body`, as visitors would get it (content/render/markdown.rs). */
const serverHtml = (body: string) => post<{ readonly html: string }>('/api/content/preview', { body }).then(({ html }) => html);

/** How long typing pauses before the preview follows. */
const PREVIEW_DELAY_MS = 500;

const BUTTONS: readonly { readonly kind: EditKind; readonly label: string; readonly keys?: string }[] = [
  { kind: 'heading', label: 'Heading' },
  { kind: 'bold', label: 'Bold', keys: 'Control+B' },
  { kind: 'italic', label: 'Italic', keys: 'Control+I' },
  { kind: 'bullets', label: 'Bulleted list' },
  { kind: 'numbers', label: 'Numbered list' },
  { kind: 'link', label: 'Link', keys: 'Control+K' },
  { kind: 'table', label: 'Table' },
];

const SHORTCUTS: Readonly<Record<string, EditKind>> = { b: 'bold', i: 'italic', k: 'link' };

interface MarkdownFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly maxLength: number;
  readonly problem: string | null;
  readonly onChange: (value: string) => void;
}

/**
 * A Markdown field with a toolbar, and beside it (below it on a phone) the text
 * as visitors would get it: the server's own sanitised HTML, asked for after a
 * pause in typing, so the preview can never show what the site would not.
 */
export function MarkdownField({ id, label, value, maxLength, problem, onChange }: MarkdownFieldProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [selection, setSelection] = useState<Pick<Edit, 'start' | 'end'> | null>(null);
  const preview = usePreview(value);

  // After a toolbar edit, the field keeps the focus with what to type next selected.
  useLayoutEffect(() => {
    if (!selection || !area.current) return;
    area.current.focus();
    area.current.setSelectionRange(selection.start, selection.end);
    setSelection(null);
  }, [selection]);

  function edit(kind: EditKind) {
    const field = area.current;
    if (!field) return;
    const next = applyEdit(kind, { text: value, start: field.selectionStart, end: field.selectionEnd });
    onChange(next.text);
    setSelection({ start: next.start, end: next.end });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const kind = (event.ctrlKey || event.metaKey) && !event.altKey ? SHORTCUTS[event.key.toLowerCase()] : undefined;
    if (!kind) return;
    event.preventDefault();
    edit(kind);
  }

  return (
    <div className="field markdown-field">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="field__hint">
        Markdown: **bold**, _italic_, ## a heading, - a list, [a link](https://…). Links may be web, mail or phone addresses.
      </p>
      <div className="markdown-field__toolbar" role="toolbar" aria-label="Formatting" aria-controls={id}>
        {BUTTONS.map(({ kind, label: name, keys }) => (
          <button key={kind} type="button" className="markdown-field__button" aria-keyshortcuts={keys}
            onClick={() => edit(kind)}>
            {name}
          </button>
        ))}
      </div>
      <div className="markdown-field__panes">
        <textarea id={id} ref={area} name="body" rows={16} value={value} maxLength={maxLength} spellCheck
          aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`} aria-invalid={problem ? true : undefined}
          onChange={(event) => onChange(event.target.value)} onKeyDown={onKeyDown} />
        <section className="markdown-field__preview" aria-labelledby={`${id}-preview`} aria-busy={preview.busy}>
          <h2 id={`${id}-preview`} className="markdown-field__preview-title">
            Preview
          </h2>
          {preview.problem ? (
            <p className="field__error">{preview.problem}</p>
          ) : (
            // Sanitised on the server (content/render/markdown.rs), as the public page will be.
            <div className="server-content notice-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
          )}
        </section>
      </div>
      {problem && (
        <p className="field__error" id={`${id}-error`}>
          {problem}
        </p>
      )}
    </div>
  );
}

/** The server's HTML of `body`, asked for after a pause in typing; the last answer stays while the next is asked. */
function usePreview(body: string) {
  const [shown, setShown] = useState<{ html: string; problem: string | null; of: string | null }>({ html: '', problem: null, of: null });
  useEffect(() => {
    let current = true;
    const timer = window.setTimeout(() => {
      serverHtml(body).then(
        (html) => current && setShown({ html, problem: null, of: body }),
        (error: unknown) => current && setShown({ html: '', problem: error instanceof Error ? error.message : String(error), of: body }),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [body]);
  return { ...shown, busy: shown.of !== body };
}
