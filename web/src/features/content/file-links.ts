/** How an attached file is named in the text and in words. */
import type { AttachedFile } from './content-api';

const KB = 1024;

/** "820 KB", "2.4 MB". */
export function sizeInWords(bytes: number): string {
  if (bytes < KB * KB) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  const mb = bytes / (KB * KB);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** The Markdown of a link to `file`: a PDF as it is, an image at its largest copy. */
export function fileLink(file: AttachedFile): string {
  const copy = file.copies[file.copies.length - 1];
  const kind = copy?.contentType === 'application/pdf' ? 'PDF' : 'image';
  const words = file.name.replace(/[[\]\\]/g, '');
  return `[${words} (${kind}, ${sizeInWords(copy?.bytes ?? file.bytes)})](${copy?.path ?? ''})`;
}
