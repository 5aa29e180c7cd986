import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { AppLink } from '../../../shared/components/app-link';
import { usePageMeta } from '../../../shared/hooks/use-page-meta';
import { ApiError } from '../../../shared/lib/api-client';
import { STAFF_NOTICES_PATH } from '../../../shared/paths/staff-rooms';
import { STAFF_META } from '../../../shared/staff/staff-meta';
import { Cancelled, LoadState, Outcome, ProblemText, useStaffAction, useStaffLoad } from '../../../shared/staff/staff-parts';
import { BODY_MAX, CATEGORIES, noticesApi, noticeShelf, TITLE_MAX, type Category, type Notice, type NoticeText } from './notices-api';
import { Attachments } from '../files/attachments';
import { fileMarkdown } from '../files/file-links';
import { MarkdownField } from '../markdown/markdown-field';
import { useUnsavedGuard } from '../publishing/use-unsaved-guard';
import { historyHref, noticeHref, previewHref } from './notice-paths';
import { NoticePublishing } from './notice-publishing';

const BLANK: NoticeText = { title: '', body: '', category: 'general', pinned: false };

const textOf = ({ title, body, category, pinned }: Notice): NoticeText => ({ title, body, category, pinned });
const sameText = (a: NoticeText, b: NoticeText) =>
  a.title === b.title && a.body === b.body && a.category === b.category && a.pinned === b.pinned;

/** /staff/notices/new and /staff/notices/<id> (editor): a notice's text, saved as a draft, and its publishing. */
export function NoticeEditor({ id }: { readonly id: number | null }) {
  const loaded = useStaffLoad(() => (id === null ? Promise.resolve(null) : noticesApi.notice(id)), String(id));
  if (id !== null && loaded.data === null) {
    return (
      <>
        <BackToNotices />
        <h1>Notice</h1>
        <LoadState what="the notice" problem={loaded.problem} onRetry={loaded.reload} />
      </>
    );
  }
  return <NoticeForm key={loaded.data?.head ?? 'new'} notice={loaded.data} />;
}

function BackToNotices() {
  return (
    <p className="staff-page__back">
      <AppLink href={STAFF_NOTICES_PATH}>Back to the notices</AppLink>
    </p>
  );
}

/** A field's problem as the server named it. */
type FieldProblem = { readonly field: string; readonly message: string } | null;

function NoticeForm({ notice: opened }: { readonly notice: Notice | null }) {
  const [, navigate] = useLocation();
  const [notice, setNotice] = useState(opened);
  const saved = notice ? textOf(notice) : BLANK;
  const [text, setText] = useState(saved);
  const [fieldProblem, setFieldProblem] = useState<FieldProblem>(null);
  const save = useStaffAction();
  const ids = useId();
  const dirty = !sameText(text, saved);
  useUnsavedGuard(dirty);
  usePageMeta(STAFF_META, `${notice ? notice.title : 'New notice'} · `);

  const change = (patch: Partial<NoticeText>) => setText((last) => ({ ...last, ...patch }));
  const problemAt = (field: string) => (fieldProblem?.field === field ? fieldProblem.message : null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save.run(async () => {
      setFieldProblem(null);
      try {
        if (!notice) {
          const created = await noticesApi.create(text);
          // Its own address from now on; the saved text is what the page opens with.
          navigate(noticeHref(created.id), { replace: true });
          return null;
        }
        const updated = await noticesApi.save(notice.id, notice.head, text);
        setNotice(updated);
        setText(textOf(updated));
        return updated.live === null ? 'Saved as a draft.' : 'Saved. Visitors see the published version until you publish this one.';
      } catch (error) {
        if (error instanceof ApiError && error.field) {
          setFieldProblem({ field: error.field, message: error.message });
          throw new Cancelled();
        }
        throw error;
      }
    });
  }

  return (
    <>
      <BackToNotices />
      <h1>{notice ? 'Edit notice' : 'New notice'}</h1>
      {notice && (
        <p className="content-links">
          <AppLink href={historyHref(notice.id)}>History</AppLink>
          {/* A page of its own, as visitors would get it: beside this one, which keeps what is being typed. */}
          <a href={previewHref(notice.id)} target="_blank" rel="noopener">
            Preview the saved version (opens in a new tab)
          </a>
        </p>
      )}
      <form className="auth-form content-form" onSubmit={submit} noValidate aria-describedby={`${ids}-saved`}>
        <div className="field">
          <label htmlFor={`${ids}-title`}>Title</label>
          <input id={`${ids}-title`} name="title" value={text.title} maxLength={TITLE_MAX} required
            aria-invalid={problemAt('title') ? true : undefined} aria-describedby={problemAt('title') ? `${ids}-title-error` : undefined}
            onChange={(event) => change({ title: event.target.value })} />
          {problemAt('title') && (
            <p className="field__error" id={`${ids}-title-error`} role="alert">
              {problemAt('title')}
            </p>
          )}
        </div>
        <div className="content-form__row">
          <div className="field">
            <label htmlFor={`${ids}-category`}>Category</label>
            <select id={`${ids}-category`} name="category" value={text.category}
              onChange={(event) => change({ category: event.target.value as Category })}>
              {CATEGORIES.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field field--checkbox">
            <input id={`${ids}-pinned`} type="checkbox" name="pinned" checked={text.pinned}
              onChange={(event) => change({ pinned: event.target.checked })} />
            <label htmlFor={`${ids}-pinned`}>Pin it above the other notices</label>
          </div>
        </div>
        <MarkdownField id={`${ids}-body`} label="Text" value={text.body} maxLength={BODY_MAX} problem={problemAt('body')}
          onChange={(body) => change({ body })} />
        <ProblemText problem={save.problem} />
        <div className="staff-actions">
          <button type="submit" className="button" disabled={save.busy}>
            {save.busy ? 'Saving…' : notice ? 'Save changes' : 'Save draft'}
          </button>
          <span id={`${ids}-saved`} className="content-saved">
            {dirty ? 'Changes not saved yet.' : notice ? 'All changes saved.' : ''}
          </span>
        </div>
        <Outcome message={save.done} />
      </form>
      {notice && (
        <Attachments shelf={noticeShelf(notice.id)} use={{
          label: 'Insert into the text',
          next: 'Insert it into the text to show it to visitors.',
          put: (file) => {
            const link = fileMarkdown(file);
            setText((last) => ({ ...last, body: last.body.trim() ? `${last.body.trimEnd()}\n\n${link}\n` : `${link}\n` }));
            return `“${file.name}” is at the end of the text. Save the notice to keep it.`;
          },
        }} />
      )}
      {notice && <NoticePublishing notice={notice} dirty={dirty} onChange={setNotice} onDeleted={() => navigate(STAFF_NOTICES_PATH)} />}
    </>
  );
}
