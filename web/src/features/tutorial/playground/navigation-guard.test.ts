import { describe, expect, it } from 'vitest';
import { NavigationGuard, type DocumentSign } from './navigation-guard';

const ONE_DOCUMENT: readonly DocumentSign[] = ['boot', 'ready', 'load'];

/** The signs of one document, in the order given; the verdicts that are not 'expected'. */
const show = (guard: NavigationGuard, signs: readonly DocumentSign[] = ONE_DOCUMENT) =>
  signs.map((sign) => guard.observe(sign)).filter((verdict) => verdict !== 'expected');

describe('NavigationGuard', () => {
  it('expects the document the page loaded itself', () => {
    const guard = new NavigationGuard();
    guard.expectDocument();
    expect(show(guard)).toEqual([]);
    expect(guard.count).toBe(0);
  });

  it('counts a reload once, whichever of its signs comes first', () => {
    for (const order of [ONE_DOCUMENT, ['load', 'boot', 'ready'], ['ready', 'load', 'boot']] as const) {
      const guard = new NavigationGuard();
      guard.expectDocument();
      show(guard);
      expect(show(guard, order)).toEqual(['navigated']);
      expect(guard.count).toBe(1);
    }
  });

  it('counts a navigation to a page that is not the sandbox (a load and nothing else)', () => {
    const guard = new NavigationGuard();
    guard.expectDocument();
    show(guard);
    expect(guard.observe('load')).toBe('navigated');
  });

  it('counts a hello the page did not cause (a second boot, as forged by the code)', () => {
    const guard = new NavigationGuard();
    guard.expectDocument();
    show(guard);
    expect(guard.observe('boot')).toBe('navigated');
  });

  it('stops at the second navigation, across the fresh frame the page made after the first', () => {
    const guard = new NavigationGuard();
    guard.expectDocument();
    show(guard);
    expect(show(guard)).toEqual(['navigated']);
    // The page replaces the frame and runs the code again: that document is its own.
    guard.expectDocument();
    expect(show(guard)).toEqual([]);
    expect(show(guard)).toEqual(['stop']);
    expect(guard.count).toBe(2);
  });

  it("never stops for the page's own fresh frames (Run, reset, a stopped loop)", () => {
    const guard = new NavigationGuard();
    for (let frame = 0; frame < 10; frame += 1) {
      guard.expectDocument();
      expect(show(guard)).toEqual([]);
    }
    expect(guard.count).toBe(0);
  });

  it('forgives earlier navigations once the page is asked to run code again', () => {
    const guard = new NavigationGuard();
    guard.expectDocument();
    show(guard);
    expect(show(guard)).toEqual(['navigated']);
    guard.forgive();
    guard.expectDocument();
    show(guard);
    expect(show(guard)).toEqual(['navigated']);
    guard.expectDocument();
    show(guard);
    expect(show(guard)).toEqual(['stop']);
  });
});
