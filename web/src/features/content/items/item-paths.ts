/** The addresses of the editors' pages of items edited as fields (`/staff/pages/about/history`). */

/** An item's editor, below its room's address (`/staff/pages`). */
export const itemHref = (room: string, slug: string) => `${room}/${slug}`;
export const itemHistoryHref = (room: string, slug: string) => `${room}/${slug}/history`;
/**
 * The newest revision as visitors would get it, which only editors open (the server renders
 * it); the footer's, on Home.
 */
export function itemPreviewHref(item: { readonly slug: string; readonly path: string }): string {
  if (item.slug === 'footer') return `${item.path}?preview=footer`;
  // An item shown at a place in a page (`/disclosure#iqac`): the query goes before the place.
  const [path, place] = item.path.split('#');
  return place === undefined ? `${path}?preview` : `${path}?preview#${place}`;
}

export type ItemRoute =
  | { readonly name: 'list' }
  | { readonly name: 'edit' | 'history'; readonly slug: string }
  | { readonly name: 'unknown' };

/** Which page of the room at `room` `path` is; a slug is checked by the server (an unknown one answers 404). */
export function itemRoute(room: string, path: string): ItemRoute {
  const parts = path.slice(room.length).split('/').filter(Boolean);
  if (parts.length === 0) return { name: 'list' };
  const slug = parts[0]!;
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return { name: 'unknown' };
  if (parts.length === 1) return { name: 'edit', slug };
  if (parts.length === 2 && parts[1] === 'history') return { name: 'history', slug };
  return { name: 'unknown' };
}
