import { useId, useState, type FormEvent } from 'react';
import { AppLink } from '../../shared/components/app-link';
import { usePageMeta } from '../../shared/hooks/use-page-meta';
import { ApiError } from '../../shared/lib/api-client';
import { formatDateTime } from '../../shared/lib/dates';
import { STAFF_PAGES_PATH } from '../../shared/paths/staff';
import { STAFF_META } from '../../shared/staff/staff-meta';
import { Badge, Cancelled, LoadState, Outcome, ProblemText, useStaffAction, useStaffLoad } from '../../shared/staff/staff-parts';
import { fromLocalInput } from './local-time';
import { STATE_LABELS, stateDetail, stateTone } from './notice-state';
import { sitePageHistoryHref, sitePagePreviewHref } from './page-paths';
import { pagesApi, type PageField, type PageFields, type SitePage } from './pages-api';
import { WhenToPublish } from './publish-panel';
import { useUnsavedGuard } from './use-unsaved-guard';

/** /staff/pages/<slug> (editor): the page's texts, field by field, saved as a draft, and its publishing. */
export function PageEditor({ slug }: { readonly slug: string }) {
  const loaded = useStaffLoad(() => pagesApi.page(slug), slug);
  if (loaded.data === null) {
    return (
      <>
        <BackToPages />
        <h1>Page</h1>
        <LoadState what="the page" problem={loaded.problem} onRetry={loaded.reload} />
      </>
    );
  }
  return <PageForm key={loaded.data.head} page={loaded.data} />;
}

function BackToPages() {
  return (
    <p className="staff-page__back">
      <AppLink href={STAFF_PAGES_PATH}>Back to the pages</AppLink>
    </p>
  );
}

const sameFields = (a: PageFields, b: PageFields) => Object.keys({ ...a, ...b }).every((key) => a[key] === b[key]);

function PageForm({ page: opened }: { readonly page: SitePage }) {
  const [page, setPage] = useState(opened);
  const [fields, setFields] = useState(opened.fields);
  const [fieldProblem, setFieldProblem] = useState<{ field: string; message: string } | null>(null);
  const save = useStaffAction();
  const ids = useId();
  const dirty = !sameFields(fields, page.fields);
  useUnsavedGuard(dirty);
  usePageMeta(STAFF_META, `${page.name} page · `);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save.run(async () => {
      setFieldProblem(null);
      try {
        const updated = await pagesApi.save(page.slug, page.head, fields);
        setPage(updated);
        setFields(updated.fields);
        return 'Saved. Visitors see the published version until you publish this one.';
      } catch (error) {
        if (error instanceof ApiError && error.field) {
          setFieldProblem({ field: error.field, message: error.message });
          // The field named is the one to fix: take the keyboard there.
          document.getElementById(`${ids}-${error.field}`)?.focus();
          throw new Cancelled();
        }
        throw error;
      }
    });
  }

  return (
    <>
      <BackToPages />
      <h1>{page.slug === 'footer' ? 'Edit the footer' : `Edit the ${page.name} page`}</h1>
      <p className="content-links">
        <AppLink href={sitePageHistoryHref(page.slug)}>History</AppLink>
        <a href={sitePagePreviewHref(page)} target="_blank" rel="noopener">
          Preview the saved version (opens in a new tab)
        </a>
      </p>
      <form className="auth-form content-form" onSubmit={submit} noValidate aria-describedby={`${ids}-saved`}>
        {page.schema.map((field) => (
          <TextField key={field.key} id={`${ids}-${field.key}`} field={field} value={fields[field.key] ?? ''}
            problem={fieldProblem?.field === field.key ? fieldProblem.message : null}
            onChange={(value) => setFields((last) => ({ ...last, [field.key]: value }))} />
        ))}
        <ProblemText problem={save.problem} />
        <div className="staff-actions">
          <button type="submit" className="button" disabled={save.busy}>
            {save.busy ? 'Saving…' : 'Save changes'}
          </button>
          <span id={`${ids}-saved`} className="content-saved">
            {dirty ? 'Changes not saved yet.' : 'All changes saved.'}
          </span>
        </div>
        <Outcome message={save.done} />
      </form>
      <PagePublishing page={page} dirty={dirty} onChange={setPage} />
    </>
  );
}

const HINTS: Partial<Record<PageField['kind'], string>> = {
  lines: 'One line of the address per line.',
  links: 'One link per line: its words, a bar, and where it leads, like "Notices | /notices" (a page of this site starts with /).',
  phone: 'As people read it; the link to call it is made from its digits.',
  label: 'The words on a button.',
};

function TextField(props: {
  readonly id: string;
  readonly field: PageField;
  readonly value: string;
  readonly problem: string | null;
  readonly onChange: (value: string) => void;
}) {
  const { id, field, value, problem, onChange } = props;
  const hint = HINTS[field.kind];
  const describedBy = [hint && `${id}-hint`, problem && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.key,
    value,
    maxLength: field.maxChars,
    required: true,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  const multiline = field.kind === 'paragraph' || field.kind === 'lines' || field.kind === 'links';
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      {multiline ? (
        <textarea {...common} rows={field.kind === 'lines' || field.kind === 'links' ? 5 : 3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'text'}
          onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {problem && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** Publish the saved version now or at a time. A page is never taken down: the site always shows one. */
function PagePublishing({ page, dirty, onChange }: { readonly page: SitePage; readonly dirty: boolean; readonly onChange: (page: SitePage) => void }) {
  const ids = useId();
  const [when, setWhen] = useState<'now' | 'later'>(page.state === 'scheduled' ? 'later' : 'now');
  const [publishAt, setPublishAt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useStaffAction();
  const upToDate = page.live === page.head && page.state !== 'scheduled';

  function publish(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void action.run(async () => {
      setProblem(null);
      const at = when === 'later' ? fromLocalInput(publishAt) : null;
      if (when === 'later' && at === null) {
        setProblem('Choose the day and time to publish at.');
        throw new Cancelled();
      }
      try {
        onChange(await pagesApi.publish(page.slug, { revision: page.head, publishAt: at }));
        return at === null ? 'Published. Visitors see it now.' : `Scheduled for ${formatDateTime(at)}.`;
      } catch (error) {
        if (error instanceof ApiError && error.field === 'publishAt') {
          setProblem(error.message);
          throw new Cancelled();
        }
        throw error;
      }
    });
  }

  return (
    <section className="content-publish" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Publishing</h2>
      <p>
        <Badge tone={stateTone(page)}>{STATE_LABELS[page.state]}</Badge> {stateDetail(page)} <a href={page.path}>See it on the site</a>
      </p>
      {dirty ? (
        <p className="content-note">Save your changes first: what is published is the saved text.</p>
      ) : upToDate ? (
        <p className="content-note">Visitors see the newest version.</p>
      ) : (
        <form className="content-publish__form" onSubmit={publish} noValidate>
          <WhenToPublish id={ids} when={when} onWhen={setWhen} publishAt={publishAt} onPublishAt={setPublishAt} problem={problem} />
          <div className="staff-actions">
            <button type="submit" className="button" disabled={action.busy}>
              {when === 'later' ? 'Schedule' : 'Publish this version'}
            </button>
          </div>
        </form>
      )}
      <ProblemText problem={action.problem} />
      <Outcome message={action.done} />
    </section>
  );
}
