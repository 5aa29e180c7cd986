import type { EditablePage } from '../../content/pages';
import { islandPart } from './server-content';

/** The island with the footer's published text, which the server adds to every page. */
const SITE_TEXT_ISLAND = 'site-text';

/**
 * A page's texts as the office published them: the server puts them into the page's HTML at
 * the elements marked `data-edit="<page>.<field>"` and into its page-state island
 * (`{"pages":{"about":{…}}}`), from which the app renders the very same text, so hydration
 * matches. Without the island (the build's prerender, a page the app came to by itself) the
 * texts are those the site started with, `starting` (content/pages.ts): each page passes its
 * own, so that its chunk carries them.
 */
export function pageText<T extends Record<string, string>>(page: EditablePage, starting: T): T {
  // The footer, in every page, has an island of its own (content/pages/site_wide.rs).
  const island = page === 'footer' ? islandPart('pages', SITE_TEXT_ISLAND) : islandPart('pages');
  const published = (island as Record<string, object> | undefined)?.[page];
  // The server sends every field of the page as a string (content/pages/fields.rs).
  return { ...starting, ...published };
}

/** Where a phone number calls: its digits, with a leading + kept (as the server makes it). */
export const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** The attribute that tells the server where a field's text goes. */
export const editMark = (page: EditablePage, field: string) => ({ 'data-edit': `${page}.${field}` });
