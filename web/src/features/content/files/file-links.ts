/** How an attached file is named in the text and in words. */
import type { AttachedFile } from './file-shelf';

const KB = 1024;

/** "820 KB", "2.4 MB". */
export function sizeInWords(bytes: number): string {
  if (bytes < KB * KB) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  const mb = bytes / (KB * KB);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/**
 * The Markdown that shows `file` in the text: a link to a PDF, with its size; an image itself,
 * at its largest copy (the server gives visitors the others in `srcset`), its name as its
 * description until the editor writes a better one.
 */
export function fileMarkdown(file: AttachedFile): string {
  const copy = file.copies[file.copies.length - 1];
  const words = file.name.replace(/[[\]\\]/g, '');
  if (copy?.contentType === 'application/pdf') return `[${words} (PDF, ${sizeInWords(copy.bytes)})](${copy.path})`;
  return `![${words.replace(/\.[a-z]+$/i, '')}](${copy?.path ?? ''})`;
}

/** The longest words of a link in a list of links (content/items/fields/links.rs). */
const LINK_WORDS_MAX = 60;

/**
 * `file` as a line of a list of links: its name, kind and size, a bar, and its address
 * (`Prospectus 2027.pdf (PDF, 820 KB) | /files/12-….pdf`).
 */
export function fileLinkLine(file: AttachedFile): string {
  const copy = file.copies[file.copies.length - 1];
  const kind = copy?.contentType === 'application/pdf' ? 'PDF' : 'image';
  const about = ` (${kind}, ${sizeInWords(file.bytes)})`;
  // Counted and cut in characters, as the server counts them (an emoji is one, not two).
  const name = Array.from(file.name.replace(/[|\n]/g, ' ').trim());
  const room = LINK_WORDS_MAX - Array.from(about).length;
  const words = name.length > room ? `${name.slice(0, room - 1).join('').trimEnd()}…` : name.join('');
  return `${words}${about} | ${copy?.path ?? ''}`;
}

/** `lines` with `line` added as its last line. */
export const withLine = (lines: string, line: string) => (lines.trim() ? `${lines.trimEnd()}\n${line}` : line);
