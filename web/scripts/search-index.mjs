// The tutorial's search index, built from the prerendered lessons at build time
// (scripts/prerender.mjs writes it to dist/search-index.json). The browser
// loads it with MiniSearch on first use of the search box
// (src/features/tutorial/search/); see docs/decisions/0010-offline.md for why
// MiniSearch, by measured size and speed.
import MiniSearch from 'minisearch';

/** The fields searched, and those the results show. One list, shared with the browser's loader. */
export const SEARCH_OPTIONS = {
  fields: ['title', 'headings', 'text'],
  storeFields: ['title', 'path', 'kind'],
  searchOptions: { boost: { title: 4, headings: 2 }, prefix: true, fuzzy: 0.2 },
};

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

function decode(text) {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name) => ENTITIES[name]);
}

/** The visible words of an HTML fragment, on one line. */
export function textOf(html) {
  return decode(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a lesson page says, for the index: its headings (h2, h3) and its prose.
 * Code (every `<pre>`), the controls (buttons) and the pager after the lesson
 * are left out: a search for a word should find where a lesson explains it.
 */
export function lessonDocument({ id, path, title, html }) {
  const start = html.indexOf('<article class="lesson"');
  if (start < 0) throw new Error(`${path}: no lesson article to index`);
  let lesson = html.slice(start);
  const pager = lesson.search(/<nav[^>]*class="[^"]*lesson-pager/);
  if (pager > 0) lesson = lesson.slice(0, pager);
  lesson = lesson
    .replace(/<h1[\s\S]*?<\/h1>/, ' ')
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<button[\s\S]*?<\/button>/g, ' ');
  const headings = [...lesson.matchAll(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/g)].map(([, inner]) => textOf(inner));
  return { id, path, title, headings: headings.join(' · '), text: textOf(lesson) };
}

/** The serialised MiniSearch index of the given lesson documents. */
export function buildSearchIndex(documents) {
  const index = new MiniSearch(SEARCH_OPTIONS);
  index.addAll(documents);
  return JSON.stringify(index);
}
