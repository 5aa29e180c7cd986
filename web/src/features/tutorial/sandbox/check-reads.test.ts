// @vitest-environment jsdom
//
// The student's code can reach the elements it rendered (a ref) and give them properties of
// their own, or another prototype. What the checks read must stay what the page shows.
import { afterEach, describe, expect, it } from 'vitest';
import { classesOf, contains, inlineStyle, optionsOf, parentOf, querySelector, spacedTextOf, textOf, valueOf } from './check-reads';
import { fieldKind, isHtmlElement, labelsOf, setValueOf } from './dom-reads';
import { screenOf } from './screen';

const render = (html: string) => {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
};

/** Gives `target` an own property `key` that says `value`, as student code could. */
const claim = (target: object, key: PropertyKey, value: unknown) => Object.defineProperty(target, key, { get: () => value, configurable: true });

afterEach(() => document.body.replaceChildren());

describe('reads of a student element that claims otherwise', () => {
  it('read the text, the value and the options the page shows', () => {
    const container = render(
      '<p class="time">Time: 4.2 s</p><input value="typed"><select><option value="a">Adult</option><option value="s">Student</option></select>',
    );
    const paragraph = container.querySelector('p')!;
    const input = container.querySelector('input')!;
    const select = container.querySelector('select')!;
    claim(paragraph, 'textContent', 'Time: 0.0 s');
    claim(paragraph.firstChild!, 'textContent', 'Time: 0.0 s');
    claim(paragraph, 'childNodes', []);
    claim(input, 'value', '');
    claim(select.options[0]!, 'text', 'Student');
    claim(select, 'options', []);

    expect(textOf(paragraph)).toBe('Time: 4.2 s');
    expect(spacedTextOf(paragraph)).toBe('Time: 4.2 s');
    expect(valueOf(input)).toBe('typed');
    expect(optionsOf(select)).toEqual([
      { text: 'Adult', value: 'a' },
      { text: 'Student', value: 's' },
    ]);
  });

  it('read where it is, its classes and its style from the page', () => {
    const container = render('<ul><li><span class="seat-badge seat-badge--open" style="width: 40%">12 seats left</span><button>Remove</button></li></ul>');
    const item = container.querySelector('li')!;
    const badge = container.querySelector('span')!;
    claim(badge, 'parentElement', null);
    claim(badge, 'className', 'seat-badge seat-badge--full');
    claim(badge, 'style', { width: '100%' });
    claim(item, 'contains', () => false);
    claim(item, 'querySelector', () => null);

    expect(parentOf(badge)).toBe(item);
    expect(classesOf(badge)).toEqual(['seat-badge', 'seat-badge--open']);
    expect(inlineStyle(badge, 'width')).toBe('40%');
    expect(contains(item, badge)).toBe(true);
    expect(querySelector(item, 'button')?.textContent).toBe('Remove');
  });

  it('know a field for what it is, whatever prototype it was given', () => {
    const container = render('<label>Search <input value="hooks"></label>');
    const input = container.querySelector('input')!;
    Object.setPrototypeOf(input, HTMLSelectElement.prototype);
    claim(input, 'labels', []);

    expect(fieldKind(input)).toBe('input');
    expect(isHtmlElement(input)).toBe(true);
    expect(labelsOf(input)).toEqual([container.querySelector('label')]);
    setValueOf(input, 'hooks!');
    expect(valueOf(input)).toBe('hooks!');
  });
});

describe('the screen', () => {
  it('finds elements by what they show, not by the text they claim', () => {
    const container = render('<button>Clicked 0 times</button><label>Your question <input></label>');
    const button = container.querySelector('button')!;
    claim(button, 'textContent', 'Clicked 3 times');
    claim(button, 'childNodes', []);
    claim(button, 'children', []);
    const screen = screenOf(container);

    expect(screen.getByRole('button', { name: 'Clicked 0 times' })).toBe(button);
    expect(screen.queryByText('Clicked 3 times')).toBeNull();
    expect(screen.getByLabelText(/your question/i)).toBe(container.querySelector('input'));
  });
});
