import { describe, expect, it } from 'vitest';
import { explainReactError } from './react-errors';

describe('explainReactError', () => {
  it('spells out a minified error, with its arguments', () => {
    expect(
      explainReactError(
        'Minified React error #310; visit https://react.dev/errors/310 for the full message or use the non-minified dev environment for full errors and additional helpful warnings.',
      ),
    ).toBe('Rendered more hooks than during the previous render.');
    expect(explainReactError('Minified React error #31; visit https://react.dev/errors/31?args[]=object%20with%20keys%20%7Bname%7D for the full message.')).toBe(
      'Objects are not valid as a React child (found: object with keys {name}). If you meant to render a collection of children, use an array instead.',
    );
  });

  it('leaves other messages as they are', () => {
    expect(explainReactError('x is not defined')).toBe('x is not defined');
    expect(explainReactError('Minified React error #999; visit https://react.dev/errors/999 for the full message.')).toMatch(/^Minified React error #999/);
  });
});
