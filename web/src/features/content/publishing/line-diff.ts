/**
 * What changed between two revisions' text, line by line: the lines both keep,
 * and those only the older (removed) or only the newer (added) has, in order.
 * A longest common subsequence over the lines that differ, after the common
 * start and end are set aside. Its table has a cell for each pair of those
 * lines: two bodies of 25,000 short lines each would need 2.5 GB, so past
 * `MAX_CELLS` (16 MB of table) there is no comparison, and the page says so.
 */

/** Cells of the table at most: about 2,000 changed lines against 2,000. */
export const MAX_CELLS = 4_000_000;

export interface DiffLine {
  readonly kind: 'same' | 'removed' | 'added';
  readonly text: string;
}

/** The lines in order, or `null` when the texts differ in too many lines to compare. */
export function diffLines(older: string, newer: string): DiffLine[] | null {
  const a = older.split('\n');
  const b = newer.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail += 1;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);

  if (midA.length * midB.length > MAX_CELLS) return null;
  // lengths[i * width + j]: the longest common run of midA[i..] and midB[j..].
  const width = midB.length + 1;
  const lengths = new Uint32Array((midA.length + 1) * width);
  for (let i = midA.length - 1; i >= 0; i -= 1) {
    for (let j = midB.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        midA[i] === midB[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }

  const lines: DiffLine[] = a.slice(0, head).map((text) => ({ kind: 'same', text }));
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      lines.push({ kind: 'same', text: midA[i]! });
      i += 1;
      j += 1;
    } else if (i < midA.length && (j === midB.length || lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) {
      // On a tie the older line goes first: a changed line reads as "-old, +new".
      lines.push({ kind: 'removed', text: midA[i]! });
      i += 1;
    } else {
      lines.push({ kind: 'added', text: midB[j]! });
      j += 1;
    }
  }
  return lines.concat(a.slice(a.length - tail).map((text) => ({ kind: 'same', text })));
}
