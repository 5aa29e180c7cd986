import { useEffect } from 'react';
import type { PageMeta } from '../../content/college';
import { documentTitle } from '../lib/page-title';

/**
 * Keeps the document title and meta description in step with the page on
 * client-side navigation. Prerendered HTML already carries both, so on first
 * load this changes nothing.
 */
export function usePageMeta(meta: PageMeta, titlePrefix = ''): void {
  const title = documentTitle(meta, titlePrefix);
  const { description } = meta;
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
