import { describe, expect, it } from 'vitest';
import { bySection, standingCounts, type Standing } from './disclosure-api';

describe('the disclosure room', () => {
  it('counts the items by where they stand, what needs review first named', () => {
    const items = (['published', 'needsReview', 'neverPublished', 'neverPublished', 'notApplicable'] as Standing[]).map((standing) => ({ standing }));
    expect(standingCounts(items)).toBe('5 items: 1 published, 1 not applicable, 1 needs review, 2 never published.');
    expect(standingCounts([])).toBe('0 items: 0 published, 0 not applicable, 0 need review, 0 never published.');
  });

  it('keeps the sections in the order the items come', () => {
    const items = [
      { slug: 'overview', section: 'About the institution' },
      { slug: 'principal', section: 'Administration' },
      { slug: 'annual-reports', section: 'About the institution' },
    ];
    expect(bySection(items).map(([section, listed]) => [section, listed.map((item) => item.slug)])).toEqual([
      ['About the institution', ['overview', 'annual-reports']],
      ['Administration', ['principal']],
    ]);
  });
});
