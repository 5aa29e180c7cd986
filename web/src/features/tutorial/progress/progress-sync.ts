/**
 * Keeps a signed-in student's tutorial work in their account. This browser's
 * storage stays the working copy; every change the student makes is also put
 * in the send queue (send-queue.ts). Across places the newer edit wins, per file.
 *
 * A lesson reads the account once when it loads; work done before signing in
 * is merged into the account once (the server keeps the losing side of a file
 * edited in both places as "your other version").
 */
import { browserStorage, storedKeys } from '../../../shared/lib/browser-storage';
import { clearStudentData, dataGeneration, dataOwner, OWNER_KEY, STUDENT_DATA_PREFIX } from '../../../shared/lib/student-data';
import { passedIds, readPass, storePass } from './challenge-passes';
import { readMarks, storeMark, type LessonMark } from './lesson-marks';
import { notifyProgress } from './progress-events';
import { byteLength, MAX_SAVED_FILE_BYTES, progressApi, type FileWrite, type ProgressBody, type SavedFileBody } from './progress-api';
import { readEdits, savedEditKeys, writeEdits, type SavedFile } from './saved-edits';
import { enqueue, fileKey, onStoredFiles, readQueue, sendQueue, setStatus, type Item } from './send-queue';

export { saveStatus, subscribeToSaveStatus, type SaveStatus } from './send-queue';

// The server's own words for the same refusal: saying it here spares a request bound to fail.
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
  if (storedKeys(STUDENT_DATA_PREFIX).length > 0) return true;
  setDataOwner(uid);
  return false;
}

// ---- The student's changes -----------------------------------------------------------------

/** Whether this browser's work belongs to an account (whose session is then checked by the server). */
const hasOwner = () => dataOwner() !== null;

/** A file the student changed in the editor. */
export interface FileChange {
  readonly name: string;
  /** The new code; null when the file is back to its original. */
  readonly code: string | null;
  /** Hash of the original it was edited from. */
  readonly base: string;
}

/**
 * Saves the files the student changed in a demo's editor, in this browser and,
 * for a signed-in student, in the account. Only those files: the demo's other
 * files keep whatever version is newest here. Returns false when this browser
 * would not store them.
 */
export function saveDemoEdits(demo: string, lesson: string, changes: readonly FileChange[]): boolean {
  const files: Record<string, SavedFile> = { ...readEdits(demo)?.files };
  const now = Date.now();
  const writes: FileWrite[] = [];
  for (const { name, code, base } of changes) {
    const before = files[name];
    if (code === null) {
      if (!before) continue;
      delete files[name];
    } else {
      files[name] = { code, base, editedAt: now, ...(before?.other ? { other: before.other } : {}) };
    }
    // A reset lets go of the file's other version too, as it does here: the account then has
    // room for another file.
    writes.push({ lesson, demo, file: name, code, base, editedAt: now, ...(code === null ? { other: null } : {}) });
  }
  const saved = writeEdits(demo, { lesson, files });
  if (hasOwner()) queueFiles(writes);
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

/** Makes the other version of `file` the current one, keeping the current one as the other. */
export function swapOtherVersion(demo: string, file: string) {
  const edits = readEdits(demo);
  const current = edits?.files[file];
  if (!edits || !current?.other) return;
  const now = Date.now();
  const other = { code: current.code, editedAt: current.editedAt };
  const swapped: SavedFile = { code: current.other.code, base: current.base, editedAt: now, other };
  writeEdits(demo, { ...edits, files: { ...edits.files, [file]: swapped } });
  if (hasOwner()) queueFiles([{ lesson: edits.lesson, demo, file, code: swapped.code, base: swapped.base, editedAt: now, other }]);
  notifyProgress();
}

/** Forgets the other version of `file`, here and in the account. */
export function dismissOtherVersion(demo: string, file: string) {
  const edits = readEdits(demo);
  const current = edits?.files[file];
  if (!edits || !current?.other) return;
  const now = Date.now();
  const kept: SavedFile = { code: current.code, base: current.base, editedAt: now };
  writeEdits(demo, { ...edits, files: { ...edits.files, [file]: kept } });
  if (hasOwner()) queueFiles([{ lesson: edits.lesson, demo, file, code: kept.code, base: kept.base, editedAt: now, other: null }]);
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
  if (hasOwner() || merge) enqueue({ [`lesson:${lesson}`]: { kind: 'lesson', merge, write: { lesson, ...mark } } });
}

/**
 * Queues a pass for the account, with the code that passed. A pass with no code to send (every
 * file over the account's limit, or a pass this browser learnt from the account) stays in this
 * browser only: the account takes a pass only with its code.
 */
function queuePass(challenge: string, merge = false) {
  const pass = readPass(challenge);
  if (!pass || !(hasOwner() || merge)) return;
  const files = Object.fromEntries(Object.entries(pass.files).filter(([, code]) => byteLength(code) <= MAX_SAVED_FILE_BYTES));
  if (Object.keys(files).length === 0) return;
  enqueue({ [`pass:${challenge}`]: { kind: 'pass', merge, write: { challenge, passedAt: pass.passedAt, files } } });
}

// ---- The account's copy, into this browser ----------------------------------------------

/**
 * Takes the account's version of a file when it is newer than this browser's,
 * or when it is the same code (to learn its other version, and the time the
 * account gave it: a device whose clock runs fast must not keep winning with
 * its own). Returns whether anything changed.
 */
function applyFile(row: SavedFileBody): boolean {
  if (readQueue()[fileKey(row.demo, row.file)]) return false; // this browser's is newer and on its way
  const edits = readEdits(row.demo);
  const local = edits?.files[row.file];
  const same = local !== undefined && local.code === row.code && local.base === row.base;
  if (local && !same && local.editedAt > row.editedAt) return false;
  if (same && local.editedAt === row.editedAt && local.other?.editedAt === row.other?.editedAt) return false;
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
    const newer = !local || mark.changedAt > local.changedAt || (local.done === mark.done && local.changedAt !== mark.changedAt);
    if (!queue[`lesson:${name}`] && newer) storeMark(name, mark);
  }
  for (const [name, mark] of Object.entries(marks)) {
    const stored = body.lessons[name];
    if (!stored || (stored.done !== mark.done && mark.changedAt > stored.changedAt)) queueMark(name, mark);
  }
  for (const [challenge, { passedAt }] of Object.entries(body.passes)) {
    if (!readPass(challenge)) storePass(challenge, { passedAt, files: {} });
  }
  for (const challenge of passedIds()) if (!body.passes[challenge]) queuePass(challenge);

  body.files.forEach(applyFile);
  const stored = new Map(body.files.map((row) => [fileKey(row.demo, row.file), row]));
  const missing: FileWrite[] = [];
  for (const demo of savedEditKeys()) {
    const edits = readEdits(demo);
    if (edits?.lesson !== lesson) continue;
    for (const [file, saved] of Object.entries(edits.files)) {
      const row = stored.get(fileKey(demo, file));
      if (!row || (row.code !== saved.code && saved.editedAt > row.editedAt)) missing.push({ lesson, demo, file, code: saved.code, base: saved.base, editedAt: saved.editedAt });
    }
  }
  queueFiles(missing.filter((write) => !queue[fileKey(write.demo, write.file)]));
  notifyProgress();
}

/**
 * Queues everything this browser holds, to be merged into the account `uid`,
 * which then owns it. (Edits saved before files were filed under their lesson
 * wait until their lesson opens and files them: see `fileUnderLesson`.)
 */
async function mergeIntoAccount(uid: string) {
  for (const [lesson, mark] of Object.entries(readMarks())) queueMark(lesson, mark, true);
  for (const challenge of passedIds()) queuePass(challenge, true);
  const writes: FileWrite[] = [];
  for (const demo of savedEditKeys()) {
    const edits = readEdits(demo);
    if (!edits?.lesson) continue;
    for (const [file, saved] of Object.entries(edits.files)) {
      writes.push({ lesson: edits.lesson, demo, file, code: saved.code, base: saved.base, editedAt: saved.editedAt });
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
  const generation = dataGeneration();
  let body: ProgressBody;
  try {
    body = await progressApi.read(lesson, uid);
  } catch {
    // Offline or signed out meanwhile: the lesson shows this browser's copy, and queued work waits.
    return;
  }
  // Logged out (or another account) while the answer was on its way: it belongs to no one here now.
  if (dataOwner() !== uid || dataGeneration() !== generation) return;
  applyProgress(body, lesson);
  if (Object.keys(readQueue()).length > 0) void sendQueue();
}
