/**
 * The main HTML of a page the server rendered from what the office published (a notice, the
 * list of notices), sanitised there. The server puts the same string in the page and in its
 * page-state island (`{"content":{"html":…}}`), so the app hydrates the page as it is,
 * without fetching anything.
 */

/** Where the build-time template leaves room for the server's HTML. */
export const SERVER_CONTENT_SLOT = '<!--server-content-->';

/**
 * What this document holds for the address shown now: the server's HTML; `'none'` when the
 * server answered this address without any (its 404 page); `'not-loaded'` when the app came
 * here by itself (Back, after moving on), and only the server can give the page.
 */
export type ServerContentHere = { readonly html: string } | 'none' | 'not-loaded';

const here = (url: URL | Location) => url.pathname + url.search;

export function serverContentHere(): ServerContentHere {
  // The build's prerender: the template, with the slot the server fills.
  if (typeof document === 'undefined') return { html: SERVER_CONTENT_SLOT };
  const [loaded] = performance.getEntriesByType('navigation');
  if (loaded && here(new URL(loaded.name)) !== here(window.location)) return 'not-loaded';
  try {
    const island: unknown = JSON.parse(document.getElementById('page-state')?.textContent ?? 'null');
    const html = (island as { content?: { html?: unknown } } | null)?.content?.html;
    return typeof html === 'string' ? { html } : 'none';
  } catch {
    return 'none';
  }
}
