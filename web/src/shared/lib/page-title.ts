import { college, type PageTitle } from '../../content/college';

/** The document title for a page: its own name first, then the college. */
export function documentTitle(meta: PageTitle, prefix = ''): string {
  return `${prefix}${meta.title} | ${college.name}`;
}
