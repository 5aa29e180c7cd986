/**
 * Keeps a signed-in student's tutorial work in their account. This browser's
 * storage stays the working copy; every change the student makes is also put
 * in the send queue (send-queue.ts). Across places the newer edit wins, per file.
 *
 * A lesson reads the account once when it loads; work done before signing in
 * is merged into the account once (the server keeps the losing side of a file
 * edited in both places as "your other version").
 */
import { browserStorage } from '../../../shared/lib/browser-storage';
import { clearStudentData, dataOwner, OWNER_KEY, studentKeys } from '../../../shared/lib/student-data';
import { passedIds, readPass, storePass } from './challenge-passes';
import { readMarks, storeMark, type LessonMark } from './lesson-marks';
import { notifyProgress } from './progress-events';
import { byteLength, MAX_SAVED_FILE_BYTES, progressApi, type FileWrite, type ProgressBody, type SavedFileBody } from './progress-api';
import { readEdits, savedEditKeys, writeEdits, type SavedFile } from './saved-edits';
import { enqueue, fileKey, onStoredFiles, readQueue, sendQueue, setStatus, type Item } from './send-queue';

export { saveStatus, subscribeToSaveStatus, type SaveStatus } from './send-queue';

const tooLarge = (file: string) =>
  `${file} is too large to keep in your account: a saved file can be at most 20 KB. It is still kept in this browser.`;

// ---- Whose work this browser holds -------------------------------------------------------

function setDataOwner(uid: string) {
  try {
    browserStorage()?.setItem(OWNER_KEY, uid);
  } catch {
    // Storage off: the work stays anonymous and is merged again next time (merging is idempotent).
  }
}

/**
 * Makes this browser's tutorial work the account `uid`'s: another account's is
 * cleared first. Answers true when anonymous work is left to merge into the
 * account; false when there is nothing to do.
 */
function claimStudentData(uid: string): boolean {
  const owner = dataOwner();
  if (owner === uid) return false;
  if (owner !== null) clearStudentData();
  const storage = browserStorage();
  if (storage && studentKeys(storage).length > 0) return true;
  setDataOwner(uid);
  return false;
}

// ---- The student's changes -----------------------------------------------------------------

const isSignedIn = () => dataOwner() !== null;

export interface EditedFile {
  readonly name: string;
  readonly code: string;
  /** Hash of the original it was edited from. */
  readonly base: string;
}

/**
 * Saves a demo's edited files in this browser (files not listed are back to
 * their original) and, for a signed-in student, queues them for the account.
 * Returns false when this browser would not store them.
 */
export function saveDemoEdits(demo: string, lesson: string, edited: readonly EditedFile[]): boolean {
  const previous = readEdits(demo)?.files ?? {};
  const now = Date.now();
  const files: Record<string, SavedFile> = {};
  const writes: FileWrite[] = [];
  for (const { name, code, base } of edited) {
    const before = previous[name];
    if (before && before.code === code && before.base === base) {
      files[name] = before;
      continue;
    }
    files[name] = { code, base, editedAt: now, ...(before?.other ? { other: before.other } : {}) };
    writes.push({ lesson, demo, file: name, code, base, editedAt: now });
  }
  for (const [name, before] of Object.entries(previous)) {
    if (!(name in files)) writes.push({ lesson, demo, file: name, code: null, base: before.base, editedAt: now });
  }
  const saved = writeEdits(demo, { lesson, files });
  if (isSignedIn()) queueFiles(writes);
  return saved;
}

function queueFiles(writes: readonly FileWrite[], merge = false) {
  const items: Record<string, Item> = {};
  for (const write of writes) {
    if (write.code !== null && byteLength(write.code) > MAX_SAVED_FILE_BYTES) {
      setStatus([write.demo], { problem: tooLarge(write.file) });
      continue;
    }
    items[fileKey(write.demo, write.file)] = { kind: 'file', merge, write };
  }
  enqueue(items);
}

/** Takes the other version of `file` into the editor, keeping the current one as the other. Returns the new code. */
export function swapOtherVersion(demo: string, file: string): string | undefined {
  const edits = readEdits(demo);
  const current = edits?.files[file];
  if (!edits || !current?.other) return undefined;
  const now = Date.now();
  const other = { code: current.code, editedAt: current.editedAt };
  const swapped: SavedFile = { code: current.other.code, base: current.base, editedAt: now, other };
  writeEdits(demo, { ...edits, files: { ...edits.files, [file]: swapped } });
  if (isSignedIn()) queueFiles([{ lesson: edits.lesson, demo, file, code: swapped.code, base: swapped.base, editedAt: now, other }]);
  notifyProgress();
  return swapped.code;
}

/** Forgets the other version of `file`, here and in the account. */
export function dismissOtherVersion(demo: string, file: string) {
  const edits = readEdits(demo);
  const current = edits?.files[file];
  if (!edits || !current?.other) return;
  const now = Date.now();
  const kept: SavedFile = { code: current.code, base: current.base, editedAt: now };
  writeEdits(demo, { ...edits, files: { ...edits.files, [file]: kept } });
  if (isSignedIn()) queueFiles([{ lesson: edits.lesson, demo, file, code: kept.code, base: kept.base, editedAt: now, other: null }]);
  notifyProgress();
}

/** The student marks a lesson without challenges done, or undoes it. */
export function markLesson(lesson: string, done: boolean) {
  const mark = { done, changedAt: Date.now() };
  storeMark(lesson, mark);
  queueMark(lesson, mark);
  notifyProgress();
}

/** A challenge passed with the student's own code: it stays passed, with that code kept. */
export function markPassed(id: string, files: ReadonlyArray<{ readonly name: string; readonly code: string }>) {
  storePass(id, { passedAt: Date.now(), files: Object.fromEntries(files.map((file) => [file.name, file.code])) });
  queuePass(id);
  notifyProgress();
}

function queueMark(lesson: string, mark: LessonMark, merge = false) {
  if (isSignedIn() || merge) enqueue({ [`lesson:${lesson}`]: { kind: 'lesson', merge, write: { lesson, ...mark } } });
}

function queuePass(challenge: string, merge = false) {
  const pass = readPass(challenge);
  if (!pass || !(isSignedIn() || merge)) return;
  const files = Object.fromEntries(Object.entries(pass.files).filter(([, code]) => byteLength(code) <= MAX_SAVED_FILE_BYTES));
  enqueue({ [`pass:${challenge}`]: { kind: 'pass', merge, write: { challenge, passedAt: pass.passedAt, files } } });
}

// ---- The account's copy, into this browser ----------------------------------------------

/**
 * Takes the account's version of a file when it is newer than this browser's
 * (or the same edit, to learn its other version). Returns whether anything changed.
 */
function applyFile(row: SavedFileBody): boolean {
  if (readQueue()[fileKey(row.demo, row.file)]) return false; // this browser's is newer and on its way
  const edits = readEdits(row.demo);
  const local = edits?.files[row.file];
  if (local && local.editedAt > row.editedAt) return false;
  if (local && local.editedAt === row.editedAt && local.code === row.code && local.other?.editedAt === row.other?.editedAt) return false;
  if (!local && row.code === null) return false;
  const files = { ...edits?.files };
  if (row.code === null) delete files[row.file];
  else files[row.file] = { code: row.code, base: row.base, editedAt: row.editedAt, ...(row.other ? { other: row.other } : {}) };
  writeEdits(row.demo, { lesson: row.lesson, files });
  return true;
}

onStoredFiles((files) => {
  if (files.map(applyFile).some(Boolean)) notifyProgress();
});

/** Merges the account's progress into this browser and queues what only this browser has. */
function applyProgress(body: ProgressBody, lesson: string) {
  const queue = readQueue();
  const marks = readMarks();
  for (const [name, mark] of Object.entries(body.lessons)) {
    const local = marks[name];
    if (!queue[`lesson:${name}`] && (!local || mark.changedAt > local.changedAt)) storeMark(name, mark);
  }
  for (const [name, mark] of Object.entries(marks)) {
    const stored = body.lessons[name];
    if (!stored || mark.changedAt > stored.changedAt) queueMark(name, mark);
  }
  for (const [challenge, { passedAt }] of Object.entries(body.passes)) {
    if (!readPass(challenge)) storePass(challenge, { passedAt, files: {} });
  }
  for (const challenge of passedIds()) if (!body.passes[challenge]) queuePass(challenge);

  body.files.forEach(applyFile);
  const stored = new Map(body.files.map((row) => [`${row.demo}\n${row.file}`, row]));
  const missing: FileWrite[] = [];
  for (const demo of savedEditKeys()) {
    const edits = readEdits(demo);
    if (edits?.lesson !== lesson) continue;
    for (const [file, saved] of Object.entries(edits.files)) {
      const row = stored.get(`${demo}\n${file}`);
      if (!row || saved.editedAt > row.editedAt) missing.push({ lesson, demo, file, code: saved.code, base: saved.base, editedAt: saved.editedAt });
    }
  }
  queueFiles(missing.filter((write) => !queue[fileKey(write.demo, write.file)]));
  notifyProgress();
}

/** Queues everything this browser holds, to be merged into the account `uid`, which then owns it. */
async function mergeIntoAccount(uid: string) {
  for (const [lesson, mark] of Object.entries(readMarks())) queueMark(lesson, mark, true);
  for (const challenge of passedIds()) queuePass(challenge, true);
  const writes: FileWrite[] = [];
  for (const demo of savedEditKeys()) {
    const edits = readEdits(demo);
    for (const [file, saved] of Object.entries(edits?.files ?? {})) {
      writes.push({ lesson: edits!.lesson, demo, file, code: saved.code, base: saved.base, editedAt: saved.editedAt });
    }
  }
  queueFiles(writes, true);
  setDataOwner(uid);
  await sendQueue();
}

/**
 * A lesson's one read at load for a signed-in student: work from before
 * signing in is merged first, then the account's marks, passes and this
 * lesson's files come into this browser.
 */
export async function loadLessonProgress(uid: string, lesson: string) {
  if (claimStudentData(uid)) await mergeIntoAccount(uid);
  let body: ProgressBody;
  try {
    body = await progressApi.read(lesson);
  } catch {
    // Offline or signed out meanwhile: the lesson shows this browser's copy, and queued work waits.
    return;
  }
  // Logged out (or another account) while the answer was on its way: it belongs to no one here now.
  if (dataOwner() !== uid) return;
  applyProgress(body, lesson);
  if (Object.keys(readQueue()).length > 0) void sendQueue();
}
