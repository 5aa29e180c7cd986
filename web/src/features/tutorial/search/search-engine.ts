import type MiniSearch from 'minisearch';

/** Where the build writes the index (scripts/prerender.mjs, scripts/search-index.mjs). */
export const SEARCH_INDEX_URL = '/search-index.json';

/** As the build indexed the lessons: loading the index needs the same options. */
export const SEARCH_OPTIONS = {
  fields: ['title', 'headings', 'text'],
  storeFields: ['title', 'path'],
  searchOptions: { boost: { title: 4, headings: 2 }, prefix: true, fuzzy: 0.2 },
};

/** At most this many lessons are offered for one query. */
export const MAX_RESULTS = 8;

export interface SearchResult {
  readonly path: string;
  readonly title: string;
}

export type LessonSearch = (query: string) => SearchResult[];

/** The lessons that match `query`, best first, from a loaded index. */
export function searchWith(index: MiniSearch, query: string): SearchResult[] {
  if (!query.trim()) return [];
  return index
    .search(query)
    .slice(0, MAX_RESULTS)
    .map((hit) => ({ path: String(hit.path), title: String(hit.title) }));
}

let loading: Promise<LessonSearch> | undefined;

/**
 * The library and the index, fetched on the first use of search only (about
 * 16 kB gzip together), and once per page. The service worker precaches both,
 * so search works offline.
 */
export function loadLessonSearch(): Promise<LessonSearch> {
  loading ??= Promise.all([
    import('minisearch'),
    fetch(SEARCH_INDEX_URL).then((response) => {
      if (!response.ok) throw new Error(`search index: ${response.status}`);
      return response.text();
    }),
  ]).then(([{ default: MiniSearchClass }, json]) => {
    const index = MiniSearchClass.loadJSON(json, SEARCH_OPTIONS);
    return (query: string) => searchWith(index, query);
  });
  loading.catch(() => (loading = undefined));
  return loading;
}
