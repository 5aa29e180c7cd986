import { createContext } from 'react';

/**
 * The main HTML of a page the server rendered from what the office published (a notice, the
 * list of notices), sanitised there. The same string is in the page and in its page-state
 * island, so the app hydrates the page as it is, without fetching anything.
 */
export interface ServerContent {
  readonly html: string;
}

/** Where the build-time template leaves room for the server's HTML. */
export const SERVER_CONTENT_SLOT = '<!--server-content-->';

export const ServerContentContext = createContext<ServerContent | undefined>(undefined);

/** The content state in a page-state island; undefined when it is malformed. */
export function parseServerContent(value: unknown): ServerContent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { html } = value as Record<string, unknown>;
  return typeof html === 'string' ? { html } : undefined;
}
