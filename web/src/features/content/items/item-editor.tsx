import { Fragment, useId, useState, type FormEvent } from 'react';
import { AppLink } from '../../../shared/components/app-link';
import { usePageMeta } from '../../../shared/hooks/use-page-meta';
import { ApiError } from '../../../shared/lib/api-client';
import { STAFF_META } from '../../../shared/staff/staff-meta';
import { Cancelled, LoadState, Outcome, ProblemText, useStaffAction, useStaffLoad } from '../../../shared/staff/staff-parts';
import { Attachments } from '../files/attachments';
import { fileLinkLine, withLine } from '../files/file-links';
import { useUnsavedGuard } from '../publishing/use-unsaved-guard';
import { editHeading, nounWord, type ItemKind } from './item-kind';
import { itemHistoryHref, itemPreviewHref } from './item-paths';
import { ItemPublishing } from './item-publishing';
import { MemberPicker } from './member-picker';
import type { Item, ItemField, ItemFields } from './items-api';

/**
 * /staff/pages/<slug>, /staff/courses/<slug>, /staff/disclosure/<slug>, /staff/directory/<slug> (editor): the item's
 * texts, field by field, saved as a draft, its uploads, and its publishing.
 */
export function ItemEditor({ kind, slug }: { readonly kind: ItemKind; readonly slug: string }) {
  const loaded = useStaffLoad(() => kind.api.item(slug), slug);
  if (loaded.data === null) {
    return (
      <>
        <BackToList kind={kind} />
        <h1>{nounWord(kind)}</h1>
        <LoadState what={`the ${kind.noun}`} problem={loaded.problem} onRetry={loaded.reload} />
      </>
    );
  }
  return <ItemForm key={loaded.data.head} kind={kind} item={loaded.data} />;
}

function BackToList({ kind }: { readonly kind: ItemKind }) {
  return (
    <p className="staff-page__back">
      <AppLink href={kind.room}>Back to the {kind.label.toLowerCase()}</AppLink>
    </p>
  );
}

const sameFields = (a: ItemFields, b: ItemFields) => Object.keys({ ...a, ...b }).every((key) => a[key] === b[key]);

function ItemForm({ kind, item: opened }: { readonly kind: ItemKind; readonly item: Item }) {
  const [item, setItem] = useState(opened);
  const [fields, setFields] = useState(opened.fields);
  const [fieldProblem, setFieldProblem] = useState<{ field: string; message: string } | null>(null);
  const save = useStaffAction();
  const ids = useId();
  const dirty = !sameFields(fields, item.fields);
  useUnsavedGuard(dirty);
  usePageMeta(STAFF_META, kind.noun === 'page' ? `${item.name} page · ` : `${item.name} · `);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save.run(async () => {
      setFieldProblem(null);
      try {
        const updated = await kind.api.save(item.slug, item.head, fields);
        setItem(updated);
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

  // Uploads are offered for the fields this item has (one item of the disclosure takes a map).
  const hasField = (key: string) => item.schema.some((field) => field.key === key);
  const photoWords = kind.photoWords ?? 'the photo';

  return (
    <>
      <BackToList kind={kind} />
      <h1>{editHeading(kind, item.slug, item.name)}</h1>
      <p className="content-links">
        <AppLink href={itemHistoryHref(kind.room, item.slug)}>History</AppLink>
        <a href={itemPreviewHref(item)} target="_blank" rel="noopener">
          Preview the saved version (opens in a new tab)
        </a>
      </p>
      <form className="auth-form content-form" onSubmit={submit} noValidate aria-describedby={`${ids}-saved`}>
        {item.schema.map((field) => (
          <Fragment key={field.key}>
            <TextField id={`${ids}-${field.key}`} field={field} value={fields[field.key] ?? ''}
              problem={fieldProblem?.field === field.key ? fieldProblem.message : null}
              onChange={(value) => setFields((last) => ({ ...last, [field.key]: value }))} />
            {field.kind === 'members' && kind.memberChoices && (
              <MemberPicker people={kind.memberChoices}
                onAdd={(line) => setFields((last) => ({ ...last, [field.key]: withLine(last[field.key] ?? '', line) }))} />
            )}
          </Fragment>
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
      {kind.documentsField !== null && hasField(kind.documentsField) && (
        <Attachments shelf={kind.api.shelf(item.slug)} use={{
          label: 'Add to the documents',
          next: 'Add it to the documents to show it to visitors.',
          put: (file) => {
            const key = kind.documentsField!;
            setFields((last) => ({ ...last, [key]: withLine(last[key] ?? '', fileLinkLine(file)) }));
            return `“${file.name}” is the last line of the documents. Save to keep it.`;
          },
        }} />
      )}
      {kind.photoField !== undefined && hasField(kind.photoField) && (
        <Attachments shelf={kind.api.shelf(item.slug)} use={{
          label: `Use as ${photoWords}`,
          next: `Use it as ${photoWords} to show it to visitors.`,
          put: (file) => {
            const copy = file.copies[file.copies.length - 1];
            if (!copy || !copy.contentType.startsWith('image/')) return `“${file.name}” is not an image: upload a JPEG, PNG or WebP image.`;
            const key = kind.photoField!;
            setFields((last) => ({ ...last, [key]: copy.path }));
            return `“${file.name}” is ${photoWords}. Save to keep it.`;
          },
        }} />
      )}
      <ItemPublishing kind={kind} item={item} dirty={dirty} onChange={setItem} />
    </>
  );
}

const HINTS: Partial<Record<ItemField['kind'], string>> = {
  lines: 'One line of the address per line.',
  text: 'Markdown: a blank line between paragraphs, "- " before each item of a list, "1. " before each step, "## " before a subheading.',
  money: 'In rupees, digits only: 45000 is shown as Rs 45,000.',
  dates: 'One date per line: its words, a bar, and the day as year-month-day, like "Classes begin | 2027-07-01".',
  url: 'The whole address, starting with https://.',
  links: 'One link per line: its words, a bar, and where it leads, like "Notices | /notices" (a page of this site starts with /).',
  documents:
    'One document per line: its words, a bar, and its address. “Add to the documents” under Attachments writes the line for a file you upload. Before the address, a document may carry the year it covers (a financial year like 2024-25, or a calendar year like 2024) and its last day, each after a bar: "Audited accounts | 2024-25 | until 2026-03-31 | /files/12-ab.pdf". Visitors see the newest year first and earlier years as the archive below it; a document past its last day shows as expired, and the item asks for review.',
  members:
    'One member per line: the name, a bar, the role, and a bar and a phone or email if they are to be reached, like "Ravi Patel | Student member". One of the college’s people is written as their record, "@dr-meera-shah | Chairperson": choose them below, and their name, page and contact come from their record, and they leave the committee when they leave the college.',
  phone: 'As people read it; the link to call it is made from its digits.',
  appointments:
    'One appointment per line: designation | department | Full-time, Contract or Part-time | from | to, the days as year-month-day, the end left out while it lasts, like "Assistant Professor | Commerce | Full-time | 2015-07-01". Designation, department, joining and experience on the site come from these.',
  qualifications:
    'One per line: degree | subject | university or body | year, like "PhD | Commerce | Gujarat University | 2014". Add NET or SET as a line of its own.',
  photo: 'Upload an image under Attachments, then choose “Use as the photo” (or “Use as the map”) there; a person’s photo is shown cropped to a circle, never stretched.',
  coordinates:
    'Latitude, then longitude, in degrees, like "22.3072, 73.1812": a map app shows them when you press on the place. Visitors get links that open the place in their own map app.',
  date: 'Leave empty while the person is with the college. From this day they leave the directory and every committee; their record stays here.',
  label: 'A few words.',
};

/** The fields written on several lines, and how many lines each shows. */
const ROWS: Partial<Record<ItemField['kind'], number>> = {
  paragraph: 3,
  lines: 5,
  links: 5,
  dates: 5,
  text: 10,
  members: 6,
  documents: 4,
  appointments: 4,
  qualifications: 4,
};
const INPUT_TYPES: Partial<Record<ItemField['kind'], string>> = { email: 'email', phone: 'tel', url: 'url', date: 'date' };

function TextField(props: {
  readonly id: string;
  readonly field: ItemField;
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
    required: field.required,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  const rows = ROWS[field.kind];
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.label}
        {!field.required && ' (optional)'}
      </label>
      {field.kind === 'choice' ? (
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          {(field.options ?? []).map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : rows ? (
        <textarea {...common} maxLength={field.maxChars} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} maxLength={field.maxChars} type={INPUT_TYPES[field.kind] ?? 'text'} inputMode={field.kind === 'money' || field.kind === 'number' ? 'numeric' : undefined}
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
