/** A failed check and its reason, written for the student. */
export class CheckFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CheckFailure';
  }
}
