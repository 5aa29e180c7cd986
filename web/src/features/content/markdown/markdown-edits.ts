/**
 * What each button of the Markdown toolbar does to the text: pure functions of
 * the text and its selection, answering the new text and what to select after,
 * so that typing goes on where it makes sense.
 */

export interface Edit {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export type EditKind = 'heading' | 'bold' | 'italic' | 'bullets' | 'numbers' | 'link' | 'table';

/** Puts `before` and `after` round the selection; with none, round `placeholder`, which is left selected. */
function wrap({ text, start, end }: Edit, before: string, after: string, placeholder: string): Edit {
  const inner = text.slice(start, end) || placeholder;
  const next = text.slice(0, start) + before + inner + after + text.slice(end);
  return { text: next, start: start + before.length, end: start + before.length + inner.length };
}

/** Prefixes every line the selection touches (`prefix` is given the line's index among them). */
function prefixLines({ text, start, end }: Edit, prefix: (index: number) => string): Edit {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = text.indexOf('\n', Math.max(end - (end > start ? 1 : 0), start));
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const changed = lines.map((line, index) => prefix(index) + line.replace(/^(#{1,6} |[-*] |\d+\. )/, '')).join('\n');
  return { text: text.slice(0, lineStart) + changed + text.slice(lineEnd), start: lineStart, end: lineStart + changed.length };
}

/** Inserts `block` on lines of its own after the selection, and selects `selected` within it. */
function insertBlock({ text, end }: Edit, block: string, selected: string): Edit {
  const before = text.slice(0, end);
  const gap = before.length === 0 ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const next = before + gap + block + '\n' + text.slice(end);
  const at = before.length + gap.length + block.indexOf(selected);
  return { text: next, start: at, end: at + selected.length };
}

const TABLE = '| Column | Column |\n| --- | --- |\n| Text | Text |';

export function applyEdit(kind: EditKind, edit: Edit): Edit {
  switch (kind) {
    case 'heading':
      return prefixLines(edit, () => '## ');
    case 'bold':
      return wrap(edit, '**', '**', 'bold text');
    case 'italic':
      return wrap(edit, '_', '_', 'italic text');
    case 'bullets':
      return prefixLines(edit, () => '- ');
    case 'numbers':
      return prefixLines(edit, (index) => `${index + 1}. `);
    case 'link': {
      const label = edit.text.slice(edit.start, edit.end) || 'link text';
      const next = edit.text.slice(0, edit.start) + `[${label}](https://)` + edit.text.slice(edit.end);
      // The address is what is left to type.
      const at = edit.start + label.length + 3;
      return { text: next, start: at, end: at + 'https://'.length };
    }
    case 'table':
      return insertBlock(edit, TABLE, 'Column');
  }
}
