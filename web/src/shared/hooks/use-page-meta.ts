import { useEffect } from 'react';
import type { PageTitle } from '../../content/college';
import { documentTitle } from '../lib/page-title';

/**
 * Keeps the document title in step with the page on client-side navigation.
 * Prerendered HTML already carries it, so on first load this changes nothing.
 * The description stays as the page loaded it: search engines and link previews
 * read each address's own HTML, never one the app has moved on from.
 */
export function usePageMeta(meta: PageTitle, titlePrefix = ''): void {
  const title = documentTitle(meta, titlePrefix);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
