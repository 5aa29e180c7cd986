import { useId, useRef, useState, type ChangeEvent } from 'react';
import { countOf } from '../../../shared/staff/lists';
import { Cancelled, LoadState, Outcome, ProblemText, useStaffAction, useStaffLoad } from '../../../shared/staff/staff-parts';
import type { AttachedFile, Attachments as Files, FileShelf } from './file-shelf';
import { sizeInWords } from './file-links';

const ACCEPTED = 'application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp';

/** How a file goes into the item's text: the button's words ("Insert into the text") and the doing. */
export interface FileUse {
  readonly label: string;
  /** What to do once a file is attached: "Insert it into the text to show it to visitors." */
  readonly next: string;
  /** Puts `file` into the text, answering what the editor is told. */
  readonly put: (file: AttachedFile) => string;
}

/**
 * The files an item carries: upload a PDF or an image, put it into the text (a link, or an
 * image itself; it reaches visitors with the revision that has it), or delete it.
 */
export function Attachments({ shelf, use }: { readonly shelf: FileShelf; readonly use: FileUse }) {
  const loaded = useStaffLoad(shelf.list, `files:${shelf.key}`);
  const [files, setFiles] = useState<Files | null>(null);
  const shown = files ?? loaded.data;
  const action = useStaffAction();
  const picker = useRef<HTMLInputElement>(null);
  const ids = useId();

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !shown) return;
    void action.run(async () => {
      if (file.size > shown.maxFileBytes) {
        throw new Error(`“${file.name}” is ${sizeInWords(file.size)}: files up to ${sizeInWords(shown.maxFileBytes)} can be attached. Make it smaller first.`);
      }
      setFiles(await shelf.upload(file));
      return `“${file.name}” is attached. ${use.next}`;
    });
  }

  function insert(file: AttachedFile) {
    action.setDone(use.put(file));
  }

  function remove(file: AttachedFile) {
    void action.run(async () => {
      if (!window.confirm(`Delete “${file.name}”? Links to it will no longer work.`)) throw new Cancelled();
      setFiles(await shelf.remove(file.id));
      return `“${file.name}” is deleted.`;
    });
  }

  return (
    <section className="content-files" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Attachments</h2>
      {shown === null ? (
        <LoadState what="the attachments" problem={loaded.problem} onRetry={loaded.reload} />
      ) : (
        <>
          <p className="field__hint" id={`${ids}-hint`}>
            PDF, JPEG, PNG or WebP, up to {sizeInWords(shown.maxFileBytes)}. Photos are turned upright, lose their location and
            other details, and are kept at a few sizes.
          </p>
          <div className="staff-actions">
            {/* The browser's own file field, opened by a button that looks like the others. */}
            <input ref={picker} type="file" accept={ACCEPTED} hidden aria-label="Attach a file" onChange={upload} />
            <button type="button" className="button button--outline" aria-describedby={`${ids}-hint`} disabled={action.busy}
              onClick={() => picker.current?.click()}>
              {action.busy ? 'Uploading…' : 'Attach a file'}
            </button>
          </div>
          <ProblemText problem={action.problem} />
          <Outcome message={action.done} />
          {shown.files.length > 0 && (
            <ul className="content-files__list" aria-label={countOf(shown.files.length, 'attachment')}>
              {shown.files.map((file) => (
                <li key={file.id}>
                  <span className="content-files__name">{file.name}</span>{' '}
                  <span className="content-detail">{sizeInWords(file.bytes)}</span>
                  <span className="content-files__actions">
                    <button type="button" className="button button--outline" aria-label={`${use.label}: ${file.name}`}
                      onClick={() => insert(file)}>
                      {use.label}
                    </button>
                    <button type="button" className="button staff-button--danger" disabled={action.busy} onClick={() => remove(file)}>
                      Delete<span className="visually-hidden"> {file.name}</span>
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
