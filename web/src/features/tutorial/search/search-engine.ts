import type MiniSearch from 'minisearch';

/** Where the build writes the index (scripts/prerender.mjs, scripts/search-index.mjs). */
export const SEARCH_INDEX_URL = '/search-index.json';

/**
 * What the server publishes beside the lessons (content/site/search.rs): the published
 * notices and the college's pages, as documents with the lessons' fields and a `kind`.
 */
export const SEARCH_CONTENT_URL = '/search/content.json';

/** As the build indexed the lessons: loading the index needs the same options. */
export const SEARCH_OPTIONS = {
  fields: ['title', 'headings', 'text'],
  storeFields: ['title', 'path', 'kind'],
  searchOptions: { boost: { title: 4, headings: 2 }, prefix: true, fuzzy: 0.2 },
};

/** At most this many results are offered for one query. */
export const MAX_RESULTS = 8;

export interface SearchResult {
  readonly path: string;
  readonly title: string;
  /** "Lesson", or what the server named it ("Notice", "Page"): those load from the server. */
  readonly kind: string;
}

export type LessonSearch = (query: string) => SearchResult[];

/** What matches `query`, best first, from a loaded index. */
export function searchWith(index: MiniSearch, query: string): SearchResult[] {
  if (!query.trim()) return [];
  return index
    .search(query)
    .slice(0, MAX_RESULTS)
    .map((hit) => ({ path: String(hit.path), title: String(hit.title), kind: typeof hit.kind === 'string' ? hit.kind : 'Lesson' }));
}

let loading: Promise<LessonSearch> | undefined;

/**
 * The library and the index, fetched on the first use of search only (about
 * 16 kB gzip together), and once per page. The service worker precaches both,
 * so search works offline. The notices and pages join the same index (one
 * scoring for all); without them (offline before any, or a server that cannot
 * read them) the lessons are still searched.
 */
export function loadLessonSearch(): Promise<LessonSearch> {
  loading ??= Promise.all([
    import('minisearch'),
    fetch(SEARCH_INDEX_URL).then((response) => {
      if (!response.ok) throw new Error(`search index: ${response.status}`);
      return response.text();
    }),
    contentDocuments(),
  ]).then(([{ default: MiniSearchClass }, json, documents]) => {
    const index = MiniSearchClass.loadJSON(json, SEARCH_OPTIONS);
    index.addAll(documents);
    return (query: string) => searchWith(index, query);
  });
  loading.catch(() => (loading = undefined));
  return loading;
}

interface ContentDocument {
  readonly id: string;
  readonly path: string;
  readonly title: string;
  readonly kind: string;
}

/**
 * The server's notices and pages for the search; none when they cannot be had. Offline, the
 * copy the offline worker kept of the last list, without asking a network that is not there.
 */
export async function contentDocuments(url = SEARCH_CONTENT_URL): Promise<ContentDocument[]> {
  try {
    const response = navigator.onLine === false ? await caches.match(url) : await fetch(url);
    if (!response?.ok) return [];
    const { documents } = (await response.json()) as { documents?: unknown };
    if (!Array.isArray(documents)) return [];
    return documents.filter(
      (document): document is ContentDocument =>
        typeof document === 'object' && document !== null && typeof (document as ContentDocument).id === 'string',
    );
  } catch {
    return [];
  }
}
