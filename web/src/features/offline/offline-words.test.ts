import { expect, it } from 'vitest';
import { offlineWords } from './offline-client';

it('tells an offline reader whether the page is a copy last seen, and of what', () => {
  const notices = 'Offline. This page is as it was when you last opened it; the notices may have changed since.';
  const copy = 'Offline. This page is as it was when you last opened it; it may have changed since.';
  const lessons = 'Offline. Lessons, demos and challenges still work; your progress is sent when you are back online.';
  expect(offlineWords('/')).toBe(notices);
  expect(offlineWords('/notices/exam-timetable')).toBe(notices);
  expect(offlineWords('/courses/bca')).toBe(copy);
  expect(offlineWords('/disclosure')).toBe(copy);
  expect(offlineWords('/disclosures')).toBe(lessons);
  expect(offlineWords('/react/props')).toBe(lessons);
});
