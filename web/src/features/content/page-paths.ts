/** The addresses of the editors' pages of the site's own pages (`/staff/pages/about/history`). */
import { STAFF_PAGES_PATH } from '../../shared/paths/staff';

export const sitePageHref = (slug: string) => `${STAFF_PAGES_PATH}/${slug}`;
export const sitePageHistoryHref = (slug: string) => `${STAFF_PAGES_PATH}/${slug}/history`;
/**
 * The newest revision as visitors would get it, which only editors open (the server renders
 * it); the footer's, on Home.
 */
export const sitePagePreviewHref = (page: { readonly slug: string; readonly path: string }) =>
  page.slug === 'footer' ? `${page.path}?preview=footer` : `${page.path}?preview`;

export type SitePageRoute =
  | { readonly name: 'list' }
  | { readonly name: 'edit' | 'history'; readonly slug: string }
  | { readonly name: 'unknown' };

/** Which page `path` is; a slug is checked by the server (an unknown one answers 404). */
export function sitePageRoute(path: string): SitePageRoute {
  const parts = path.slice(STAFF_PAGES_PATH.length).split('/').filter(Boolean);
  if (parts.length === 0) return { name: 'list' };
  const slug = parts[0]!;
  if (!/^[a-z]{1,40}$/.test(slug)) return { name: 'unknown' };
  if (parts.length === 1) return { name: 'edit', slug };
  if (parts.length === 2 && parts[1] === 'history') return { name: 'history', slug };
  return { name: 'unknown' };
}
