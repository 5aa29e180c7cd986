import { describe, expect, it } from 'vitest';
import { render } from '../../app/entry-server';
import { highlight, placeholderOrigin } from '../../../scripts/vite-plugin-tutorial';
import { tutorialPaths } from './tutorial-data';

describe('tutorial server render', () => {
  it('renders every lesson in full: heading, text, sidebar and pager', () => {
    for (const path of tutorialPaths) {
      const html = render(path);
      expect(html, path).toMatch(/<h1 id="lesson-heading">[^<]+<\/h1>/);
      expect(html, path).toContain('class="lead"');
      expect(html, path).toContain('aria-label="React tutorial"');
      expect(html, path).toContain('aria-label="Previous and next lesson"');
      expect(html, path).not.toContain('Loading the lesson');
    }
  });

  it('marks the current lesson in the sidebar, and intro at the root', () => {
    expect(render('/react/props')).toMatch(/<a aria-current="page" href="\/react\/props"[^>]*>Props<\/a>/);
    const root = render('/react');
    expect(root).toContain('<h1 id="lesson-heading">What is React?</h1>');
    expect(root).toMatch(/<a aria-current="page" href="\/react\/intro"/);
    expect(root.match(/aria-current="page"/g)).toHaveLength(2); // the header's React link and the lesson
  });

  it('shows the demo file that runs, highlighted with classes', () => {
    const html = render('/react/web-hooks/use-state');
    expect(html).toContain('>Source: cart-demo.tsx</p>');
    expect(html).toContain('<span class="tok-keyword">const</span> total = <span class="tok-function">cartTotal</span>(quantity);');
    expect(html).toContain('Total: <!-- -->100<!-- --> INR');
    expect(html).toContain('Quantity: <!-- -->1');
  });

  it('renders the fetch demo as loading until scripts run', () => {
    expect(render('/react/web-hooks/custom-hook')).toContain('<p role="status">Loading users…</p>');
  });

  it('lists every hook lesson on the hooks overview', () => {
    const html = render('/react/web-hooks');
    for (const path of tutorialPaths.filter((p) => p.startsWith('/react/web-hooks/'))) {
      expect(html).toContain(`<a href="${path}" class="hook-list__link">`);
    }
  });
});

describe('build-time highlighting', () => {
  it('escapes the code and uses classes, never inline styles', async () => {
    const html = await highlight('const tag = <b title="x">{a && b}</b>; // done\n', 'tsx');
    expect(html).not.toContain('style=');
    expect(html).not.toMatch(/<b[ >]/);
    expect(html).toContain('&lt;');
    expect(html).toContain('&amp;&amp;');
    expect(html).toContain('<span class="tok-keyword">const</span>');
    expect(html).toContain('<span class="tok-comment">// done</span>');
    expect(html).toContain('<span class="tok-tag">&lt;b</span> <span class="tok-attr">title</span>=<span class="tok-string">"x"</span>');
    // Only the markup was added: stripped of it, the text is the source.
    const text = html.replace(/<[^>]+>/g, '').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
    expect(text).toBe('const tag = <b title="x">{a && b}</b>; // done');
  });

  it('declares the origin of the placeholder-data service for the CSP', () => {
    expect(placeholderOrigin('https://jsonplaceholder.typicode.com')).toBe('https://jsonplaceholder.typicode.com');
    expect(placeholderOrigin('http://127.0.0.1:9000/api/')).toBe('http://127.0.0.1:9000');
    expect(() => placeholderOrigin('jsonplaceholder.typicode.com')).toThrow(/absolute http\(s\) URL/);
    expect(() => placeholderOrigin('ftp://example.com')).toThrow(/absolute http\(s\) URL/);
  });
});
