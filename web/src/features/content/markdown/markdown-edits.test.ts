import { describe, expect, it } from 'vitest';
import { applyEdit, type Edit } from './markdown-edits';

/** The text with the selection marked by « and ». */
function shown({ text, start, end }: Edit): string {
  return `${text.slice(0, start)}«${text.slice(start, end)}»${text.slice(end)}`;
}

/** An edit from text whose selection is marked by « and ». */
function at(marked: string): Edit {
  const start = marked.indexOf('«');
  const end = marked.indexOf('»') - 1;
  return { text: marked.replace('«', '').replace('»', ''), start, end };
}

describe('the Markdown toolbar', () => {
  it('makes the selection bold or italic, or inserts a placeholder to type over', () => {
    expect(shown(applyEdit('bold', at('The «timetable» is out')))).toBe('The **«timetable»** is out');
    expect(shown(applyEdit('bold', at('End«»')))).toBe('End**«bold text»**');
    expect(shown(applyEdit('italic', at('«note»')))).toBe('_«note»_');
  });

  it('turns the lines the selection touches into a heading or a list, once', () => {
    expect(shown(applyEdit('heading', at('Intro\nEx«a»ms\nEnd')))).toBe('Intro\n«## Exams»\nEnd');
    expect(shown(applyEdit('bullets', at('«BCA\nBBA»\nEnd')))).toBe('«- BCA\n- BBA»\nEnd');
    expect(shown(applyEdit('numbers', at('«- BCA\n- BBA»')))).toBe('«1. BCA\n2. BBA»');
    expect(shown(applyEdit('heading', at('«## Exams»')))).toBe('«## Exams»');
  });

  it('makes a link of the selection and selects its address to type', () => {
    expect(shown(applyEdit('link', at('See «the fees» here')))).toBe('See [the fees](«https://») here');
    expect(shown(applyEdit('link', at('«»')))).toBe('[link text](«https://»)');
  });

  it('inserts a table on lines of its own', () => {
    const edit = applyEdit('table', at('Fees:«»'));
    expect(edit.text).toBe('Fees:\n\n| Column | Column |\n| --- | --- |\n| Text | Text |\n');
    expect(edit.text.slice(edit.start, edit.end)).toBe('Column');
  });
});
