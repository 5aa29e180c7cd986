import { describe, expect, it } from 'vitest';
import { loginHref, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps paths on this site', () => {
    expect(safeReturnTo('/react/props?tab=1')).toBe('/react/props?tab=1');
    expect(safeReturnTo('/about')).toBe('/about');
  });

  it('refuses other origins and odd values', () => {
    for (const hostile of ['//evil.example', '/\\evil.example', 'https://evil.example', 'about', '/a\nb', '', null, undefined]) {
      expect(safeReturnTo(hostile)).toBe('/');
    }
  });

  it('never returns to the login page itself', () => {
    expect(safeReturnTo('/login?returnTo=/about')).toBe('/');
    expect(safeReturnTo('/login/forgot')).toBe('/');
    expect(safeReturnTo('/login/reset?token=abc')).toBe('/');
    expect(loginHref('/login/reset?token=abc')).toBe('/login');
  });
});

describe('loginHref', () => {
  it('carries the current page', () => {
    expect(loginHref('/contact')).toBe('/login?returnTo=%2Fcontact');
    expect(loginHref('/')).toBe('/login');
  });
});
