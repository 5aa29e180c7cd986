import type { PageTitle } from '../../content/college';

/**
 * The staff pages' title, in their chunk: the prerendered shell's title and description are
 * in `chunkPagesMeta` (content/college.ts), which the browser's bundle leaves out.
 */
export const STAFF_META: PageTitle = { title: 'Staff area' };
