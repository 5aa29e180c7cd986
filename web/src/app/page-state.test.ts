import { describe, expect, it } from 'vitest';
import { parsePageState } from './page-state';

const values = { name: 'Asha', email: 'not-an-email', subject: 'Fees', message: 'Hi <b>there</b>' };

describe('parsePageState', () => {
  it('reads the contact state the server embeds', () => {
    const text = JSON.stringify({
      contact: {
        values,
        errors: [
          { field: 'email', message: 'Your email: enter a valid email address' },
          { field: null, message: 'Too many messages; try again later' },
        ],
      },
    }).replaceAll('<', '\\u003c');
    expect(parsePageState(text)).toEqual({
      contact: {
        values,
        errors: [
          { field: 'email', message: 'Your email: enter a valid email address' },
          { field: null, message: 'Too many messages; try again later' },
        ],
      },
    });
  });

  it('treats missing values as empty and unknown fields as form-wide problems', () => {
    const state = parsePageState(
      JSON.stringify({ contact: { values: { name: 'Asha' }, errors: [{ field: 'website', message: 'No' }, { message: 'Also no' }] } }),
    );
    expect(state?.contact?.values).toEqual({ name: 'Asha', email: '', subject: '', message: '' });
    expect(state?.contact?.errors).toEqual([
      { field: null, message: 'No' },
      { field: null, message: 'Also no' },
    ]);
  });

  it('accepts state for no particular page', () => {
    expect(parsePageState('{}')).toEqual({});
  });

  it.each([
    ['nothing', null],
    ['empty text', ''],
    ['broken JSON', '{"contact":'],
    ['an array', '[]'],
    ['a string', '"contact"'],
    ['contact without values', '{"contact":{"errors":[]}}'],
    ['contact without errors', JSON.stringify({ contact: { values } })],
    ['a value that is not text', JSON.stringify({ contact: { values: { ...values, name: 5 }, errors: [] } })],
    ['an error without a message', JSON.stringify({ contact: { values, errors: [{ field: 'name' }] } })],
    ['errors that are not a list', JSON.stringify({ contact: { values, errors: 'bad' } })],
  ])('rejects %s', (_label, text) => {
    expect(parsePageState(text)).toBeUndefined();
  });
});
