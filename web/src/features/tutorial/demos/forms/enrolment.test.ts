import { describe, expect, it } from 'vitest';
import { completeEnrolment, emptyEnrolment } from './enrolment';

describe('completeEnrolment', () => {
  it('trims the values it accepts', () => {
    expect(completeEnrolment({ name: '  Asha Rao ', email: ' asha@example.com', course: 'BBA' })).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      course: 'BBA',
    });
  });

  it('refuses blank fields and unknown courses', () => {
    expect(completeEnrolment(emptyEnrolment)).toBeNull();
    expect(completeEnrolment({ name: '   ', email: 'a@b.c', course: 'BCA' })).toBeNull();
    expect(completeEnrolment({ name: 'Asha', email: ' ', course: 'BCA' })).toBeNull();
    expect(completeEnrolment({ name: 'Asha', email: 'a@b.c', course: 'MBA' })).toBeNull();
  });
});
