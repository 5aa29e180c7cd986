import { Workbox } from 'workbox-window';
import { COURSES_PATH, DISCLOSURE_PATH, NOTICES_PATH, PEOPLE_PATH } from '../../shared/paths/notices';
import './offline.css';

/** The worker checks for a new version this often while a page stays open (and whenever it comes back into view). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let notices: HTMLElement | undefined;

/** One polite live region for both notices, made before anything is said in it (as screen readers need). */
function noticeArea(): HTMLElement {
  if (!notices) {
    notices = document.createElement('div');
    notices.className = 'offline-notices';
    notices.setAttribute('role', 'status');
    document.body.append(notices);
  }
  return notices;
}

/** Below each, the pages the worker keeps as last seen (service-worker.mjs). */
const KEPT_AS_SEEN = [NOTICES_PATH, COURSES_PATH, DISCLOSURE_PATH, PEOPLE_PATH];

/**
 * What an offline reader of `path` is told. Home, the notices, the courses, the disclosure and the people
 * are the copies last seen: the reader should know they may be behind.
 */
export function offlineWords(path: string): string {
  if (path === '/' || path === NOTICES_PATH || path.startsWith(`${NOTICES_PATH}/`)) {
    return 'Offline. This page is as it was when you last opened it; the notices may have changed since.';
  }
  if (KEPT_AS_SEEN.some((kept) => path === kept || path.startsWith(`${kept}/`))) {
    return 'Offline. This page is as it was when you last opened it; it may have changed since.';
  }
  return 'Offline. Lessons, demos and challenges still work; your progress is sent when you are back online.';
}

function showConnection() {
  const area = noticeArea();
  let note = area.querySelector<HTMLElement>('.offline-note');
  if (navigator.onLine) {
    note?.remove();
    return;
  }
  if (!note) {
    note = document.createElement('p');
    note.className = 'offline-note';
    area.append(note);
  }
  note.textContent = offlineWords(window.location.pathname);
}

function showUpdate(workbox: Workbox) {
  const area = noticeArea();
  if (area.querySelector('.update-note')) return;
  const note = document.createElement('p');
  note.className = 'update-note';
  note.append('A new version is ready. ');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => {
    reload.disabled = true;
    // The waiting worker takes over, then the page loads again from it.
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  });
  note.append(reload);
  area.append(note);
}

export function start() {
  const workbox = new Workbox('/sw.js');
  // A new worker installed after a deploy waits (skipWaiting is off) until the student chooses to reload.
  workbox.addEventListener('waiting', () => showUpdate(workbox));
  // A browser may refuse the worker (a private window, workers turned off by policy): the site
  // works as it does without its offline copy.
  workbox.register().catch(() => {});

  window.addEventListener('online', showConnection);
  window.addEventListener('offline', showConnection);
  showConnection();

  const check = () => {
    if (navigator.onLine) void workbox.update().catch(() => {});
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
