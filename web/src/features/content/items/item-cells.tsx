import { AppLink } from '../../../shared/components/app-link';
import { formatDateTime } from '../../../shared/lib/dates';
import type { ItemSummary } from './items-api';
import { itemHistoryHref, itemHref } from './item-paths';

/** The cells each room's table of items shares: one row's heading, and what it is made of. */
interface CellProps {
  readonly room: string;
  readonly item: ItemSummary;
}

/** The row's heading: the item's name, which opens its editor. */
export function ItemNameCell({ room, item }: CellProps) {
  return (
    <th scope="row">
      <AppLink href={itemHref(room, item.slug)}>{item.name}</AppLink>
    </th>
  );
}

/** When the item last changed and who changed it. */
export function lastChange(item: ItemSummary) {
  return `${formatDateTime(item.updatedAt)}, by ${item.updatedBy}`;
}

/** The link to the item's history, named for the item (a table has many). */
export function HistoryLink({ room, item }: CellProps) {
  return (
    <AppLink href={itemHistoryHref(room, item.slug)}>
      History<span className="visually-hidden"> of {item.name}</span>
    </AppLink>
  );
}
