/**
 * An item's saved texts as the server sends them, the same for every kind
 * (content/publishing/revisions.rs), and the choice of one to publish.
 */

export interface Revision {
  readonly number: number;
  readonly createdAt: number;
  readonly author: string;
  readonly title: string;
  /** A notice's category and pin at this revision (an item edited as fields has neither). */
  readonly category: string;
  readonly pinned: boolean;
  readonly restoredFrom: number | null;
  /** Only when one revision is read whole: a notice's Markdown, or the JSON of an item's fields. */
  readonly body?: string;
}

export interface PublishChoice {
  readonly revision: number;
  /** Unix milliseconds; null publishes now. */
  readonly publishAt: number | null;
  /** Unix milliseconds; null keeps it up until it is unpublished. */
  readonly expiresAt: number | null;
}
