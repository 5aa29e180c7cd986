import { post } from '../../../shared/lib/api-client';
import { disclosureApi, type ItemSummary } from '../items/items-api';

/**
 * Where an item of the disclosure stands (content/disclosure/standing.rs): published, not
 * applicable with the college's reason, needing review (not looked at for a year, or a
 * document past its last day), or never published.
 */
export type Standing = 'published' | 'notApplicable' | 'needsReview' | 'neverPublished';

export interface DisclosureSummary extends ItemSummary {
  /** The guidelines' section it is under. */
  readonly section: string | null;
  readonly standing: Standing;
  /** Why it needs review, in words. */
  readonly standingWhy: string | null;
  /** When an editor last marked it as still holding, without a change. */
  readonly reviewedAt: number | null;
}

/** Every item, in the page's order, with where it stands. */
export const disclosureItems = () => disclosureApi.list() as Promise<readonly DisclosureSummary[]>;

/** Marks what visitors read of `slug` as still holding (audited); 409 `not-published` when nothing is. */
export const markReviewed = (slug: string) =>
  post<{ readonly item: DisclosureSummary }>(`/api/content/disclosure/${encodeURIComponent(slug)}/reviewed`, {}).then(({ item }) => item);

export const STANDING_LABELS: Readonly<Record<Standing, string>> = {
  published: 'Published',
  notApplicable: 'Not applicable',
  needsReview: 'Needs review',
  neverPublished: 'Never published',
};

/** The room's summary line: how many items stand each way, what needs acting on first. */
export function standingCounts(items: readonly Pick<DisclosureSummary, 'standing'>[]): string {
  const count = (standing: Standing) => items.filter((item) => item.standing === standing).length;
  const needReview = count('needsReview');
  return [
    `${items.length} items: ${count('published')} published`,
    `${count('notApplicable')} not applicable`,
    `${needReview} ${needReview === 1 ? 'needs' : 'need'} review`,
    `${count('neverPublished')} never published.`,
  ].join(', ');
}

/** The items under each section, in the page's order. */
export function bySection<T extends Pick<DisclosureSummary, 'section'>>(items: readonly T[]): [string, T[]][] {
  const sections = new Map<string, T[]>();
  for (const item of items) {
    const name = item.section ?? 'Other';
    sections.set(name, [...(sections.get(name) ?? []), item]);
  }
  return [...sections.entries()];
}
