/**
 * Counts the navigations of a sandbox frame that the page did not ask for.
 *
 * The page loads each sandbox document itself, so it knows the one document
 * it asked for. Every document that comes into the frame shows itself by up
 * to three signs: the frame's `load` event, and the sandbox's `boot` and
 * `ready` messages. A second sign of a kind means another document: the
 * student's code navigated the frame (`location.reload()`, a meta refresh, a
 * link), or posted a hello of its own, which the page treats the same way.
 * One navigation shows all three signs, in no fixed order, so it is counted
 * once. The count lives in the page, out of reach of the student's code, and
 * only the page clears it, when it is asked to run code again.
 */
export type DocumentSign = 'load' | 'boot' | 'ready';

/** What the page does about a sign: nothing, replace the frame, or stop it. */
export type GuardVerdict = 'expected' | 'navigated' | 'stop';

/** The result frame stops after this many navigations it did not ask for. */
export const NAVIGATION_LIMIT = 2;

export class NavigationGuard {
  private unasked = 0;
  private seen: Record<DocumentSign, number> = { load: 0, boot: 0, ready: 0 };

  constructor(private readonly limit = NAVIGATION_LIMIT) {}

  /** The navigations not asked for since the page last ran code of its own accord. */
  get count(): number {
    return this.unasked;
  }

  /** The page is loading a fresh sandbox document itself: its signs are expected. */
  expectDocument(): void {
    this.seen = { load: 0, boot: 0, ready: 0 };
  }

  /** The page was asked to run code (Run, an edit, reset): earlier navigations are forgiven. */
  forgive(): void {
    this.unasked = 0;
  }

  /** A sign of a document in the frame, and what to do about it. */
  observe(sign: DocumentSign): GuardVerdict {
    const documentsBefore = this.documents();
    this.seen[sign] += 1;
    // The first document is the page's own; a sign of one already counted is not a new navigation.
    if (this.documents() <= Math.max(documentsBefore, 1)) return 'expected';
    this.unasked += 1;
    return this.unasked >= this.limit ? 'stop' : 'navigated';
  }

  private documents(): number {
    return Math.max(this.seen.load, this.seen.boot, this.seen.ready);
  }
}
