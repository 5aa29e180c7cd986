import type { PageMeta } from '../../content/college';

/**
 * The staff pages' title, in their chunk: the prerendered shell's is in
 * `chunkPagesMeta` (content/college.ts), which the browser's bundle leaves out.
 */
export const STAFF_META: PageMeta = {
  title: 'Staff area',
  description: 'The college office’s inbox of contact messages, the editors’ notices, and for administrators people, roles, the audit log and mail health.',
};
