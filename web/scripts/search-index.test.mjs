import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { SEARCH_OPTIONS as browserOptions, searchWith } from '../src/features/tutorial/search/search-engine';
import { buildSearchIndex, lessonDocument, SEARCH_OPTIONS } from './search-index.mjs';

const page = (body) =>
  `<nav>Sidebar words</nav><article class="lesson" aria-labelledby="lesson-heading"><h1 id="lesson-heading">Props</h1>${body}<nav class="lesson-pager">Next: Forms</nav></article>`;

describe('the search index', () => {
  it('indexes a lesson by its headings and prose, not its code, buttons, sidebar or pager', () => {
    const doc = lessonDocument({
      id: 0,
      path: '/react/props',
      title: 'Props',
      html: page('<p>Take it apart with <code>destructuring</code> &amp; more.</p><h2>Try it</h2><button>Edit code</button><pre><code>const hidden = 1;</code></pre>'),
    });
    expect(doc.headings).toBe('Try it');
    expect(doc.text).toBe('Take it apart with destructuring & more. Try it');
    expect(doc.text).not.toMatch(/hidden|Edit code|Sidebar|Next/);
  });

  it('is loaded by the browser with the options it was built with', () => {
    expect(browserOptions).toEqual(SEARCH_OPTIONS);
    const json = buildSearchIndex([
      lessonDocument({ id: 0, path: '/react/props', title: 'Props', html: page('<p>Use destructuring.</p>') }),
      lessonDocument({ id: 1, path: '/react/forms', title: 'Forms', html: page('<p>Controlled inputs.</p>') }),
    ]);
    const index = MiniSearch.loadJSON(json, browserOptions);
    expect(searchWith(index, 'destruct')).toEqual([{ path: '/react/props', title: 'Props', kind: 'Lesson' }]);
    expect(searchWith(index, 'Form')[0]).toEqual({ path: '/react/forms', title: 'Forms', kind: 'Lesson' });
    expect(searchWith(index, '  ')).toEqual([]);
  });

  it('takes the server’s notices and pages into the same index, told apart by their kind', () => {
    const json = buildSearchIndex([
      lessonDocument({ id: 0, path: '/react/forms', title: 'Forms', html: page('<p>Controlled inputs and exams of skill.</p>') }),
    ]);
    const index = MiniSearch.loadJSON(json, browserOptions);
    index.addAll([
      { id: 'notice-4', path: '/notices/bca-exam-timetable', title: 'BCA exam timetable', kind: 'Notice', headings: '', text: 'Papers start on Monday.' },
      { id: 'page-contact', path: '/contact', title: 'Contact', kind: 'Page', headings: 'Contact us', text: '14 Riverbank Road Pune' },
    ]);
    expect(searchWith(index, 'exam')[0]).toEqual({ path: '/notices/bca-exam-timetable', title: 'BCA exam timetable', kind: 'Notice' });
    expect(searchWith(index, 'riverbank')).toEqual([{ path: '/contact', title: 'Contact', kind: 'Page' }]);
    expect(searchWith(index, 'controlled')).toEqual([{ path: '/react/forms', title: 'Forms', kind: 'Lesson' }]);
  });
});
