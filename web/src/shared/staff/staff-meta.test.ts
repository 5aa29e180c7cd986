import { expect, it } from 'vitest';
import { chunkPagesMeta } from '../../content/college';
import { STAFF_META } from './staff-meta';

it('titles the staff pages in the browser as their prerendered shell', () => {
  expect(chunkPagesMeta.staff?.title).toBe(STAFF_META.title);
});
