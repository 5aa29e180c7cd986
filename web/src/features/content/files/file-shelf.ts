import { request } from '../../../shared/lib/api-client';

/**
 * An item's uploads on the server, the same for every kind that takes them (a notice, a
 * course, an item of the disclosure): `<item>/files`, checked by the server like its item.
 */

export interface FileCopy {
  readonly path: string;
  readonly contentType: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly bytes: number;
}

/** A file attached to an item: a PDF (one copy) or an image (a copy per width, smallest first). */
export interface AttachedFile {
  readonly id: number;
  readonly name: string;
  readonly createdAt: number;
  readonly uploadedBy: string;
  readonly bytes: number;
  readonly copies: readonly FileCopy[];
}

export interface Attachments {
  readonly files: readonly AttachedFile[];
  /** The largest upload the server takes. */
  readonly maxFileBytes: number;
}

/** The files of one item on the server. */
export interface FileShelf {
  /** Names the item, so that another item's files are loaded afresh. */
  readonly key: string;
  readonly list: () => Promise<Attachments>;
  readonly upload: (file: File) => Promise<Attachments>;
  readonly remove: (fileId: number) => Promise<Attachments>;
}

/** The shelf of the item at `itemPath` (`/api/content/notices/7`), named `key`. */
export function fileShelf(key: string, itemPath: string): FileShelf {
  const files = `${itemPath}/files`;
  return {
    key,
    list: () => request<Attachments>(files),
    /** Sends the file as it is (the server checks its bytes, not its name or type). */
    upload: (file) => request<Attachments>(`${files}?${new URLSearchParams({ name: file.name })}`, { method: 'POST', body: file }),
    remove: (fileId) => request<Attachments>(`${files}/${fileId}`, { method: 'DELETE' }),
  };
}
