import { describe, expect, it } from 'vitest';
import { chunkPagesMeta, pageDescriptions } from '../content/college';
import { isLazyPage } from './lazy-page';
import { findRoute, notFoundRoute, outputFile, routes } from './routes';

describe('route table', () => {
  it('lists each path once', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['/', '/about', '/contact', '/contact/thanks']));
  });

  it('maps each route to the file the server looks for', () => {
    expect(['/', '/about', '/contact', '/contact/thanks'].map(outputFile)).toEqual([
      'index.html',
      'about/index.html',
      'contact/index.html',
      'contact/thanks/index.html',
    ]);
    for (const { path } of routes) {
      expect(outputFile(path)).toMatch(/^(index\.html|[a-z0-9-]+(\/[a-z0-9-]+)*\/index\.html)$/);
    }
  });

  it('matches exact paths and tolerates a trailing slash', () => {
    expect(findRoute('/')?.path).toBe('/');
    expect(findRoute('/about')?.path).toBe('/about');
    expect(findRoute('/about/')?.path).toBe('/about');
    expect(findRoute('/contact/thanks')?.path).toBe('/contact/thanks');
  });

  it('matches nothing else, as the server does', () => {
    for (const path of ['/About', '/about/more', '/contact/thanks/x', '/no-such-page']) {
      expect(findRoute(path), path).toBeUndefined();
    }
  });

  it('matches the paths below a route that has subpaths, and only those', () => {
    const Page = () => null;
    const table = [
      { path: '/join', withSubpaths: true, Component: Page },
      { path: '/about', Component: Page },
    ];
    for (const path of ['/join', '/join/', '/join/K7MXQ3PR', '/join/K7MXQ3PR/']) {
      expect(findRoute(path, table)?.path, path).toBe('/join');
    }
    for (const path of ['/joined', '/Join/K7MXQ3PR', '/about/more']) {
      expect(findRoute(path, table), path).toBeUndefined();
    }
  });

  it('gives every page outside the tutorial its title and description, here or by its chunk', () => {
    // The notices' title and description come from the server, with their text.
    const ownPages = routes.filter((route) => !route.path.startsWith('/react') && !route.serverRendered);
    const pages = [...ownPages, { path: '404', ...notFoundRoute }];
    for (const { path, meta: ownMeta, Component } of pages) {
      const chunkMeta = isLazyPage(Component) ? chunkPagesMeta[Component.pageChunk] : undefined;
      const meta = ownMeta ?? chunkMeta;
      const description = ownMeta ? pageDescriptions[path] : chunkMeta?.description;
      expect(meta?.title.length, path).toBeGreaterThan(0);
      expect(description?.length, path).toBeGreaterThan(20);
    }
  });
});
