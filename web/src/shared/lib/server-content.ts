/**
 * HTML the server put into a page from what the office published (a notice, the list of
 * notices, Home's latest notices), sanitised there. The server puts the same string in the
 * page and in its page-state island (`{"content":{"html":…}}`), so the app hydrates the page
 * as it is, without fetching anything.
 */

/** The island's part for the notices' and courses' pages, and for Home's latest notices and course cards. */
export type ServerContentPart = 'html' | 'latest' | 'courses';

/**
 * What this document holds for the address shown now: the server's HTML; `'none'` when the
 * server answered this address without any (its 404 page, or a build served without the
 * server); `'not-loaded'` when the app came here by itself (Back, after moving on), and only
 * the server can give the page.
 */
export type ServerContentHere = { readonly html: string } | 'none' | 'not-loaded';

const here = (url: URL | Location) => url.pathname + url.search;

/** `part` of the island, or in the build's prerender `slot`: the place the server fills. */
export function serverContentHere(part: ServerContentPart, slot: string): ServerContentHere {
  if (typeof document === 'undefined') return { html: slot };
  const [loaded] = performance.getEntriesByType('navigation');
  if (loaded && here(new URL(loaded.name)) !== here(window.location)) return 'not-loaded';
  const html = (islandPart('content') as Record<string, unknown> | undefined)?.[part];
  return typeof html === 'string' ? { html } : 'none';
}

/**
 * A part of an island the server put in this document: of the page's state (`content`,
 * `pages`), or of another (`site-text`, the footer's).
 */
export function islandPart(part: string, islandId = 'page-state'): unknown {
  if (typeof document === 'undefined') return undefined;
  try {
    const island: unknown = JSON.parse(document.getElementById(islandId)?.textContent ?? 'null');
    return (island as Record<string, unknown> | null)?.[part];
  } catch {
    return undefined;
  }
}
