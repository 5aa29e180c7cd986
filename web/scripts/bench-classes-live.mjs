// Measures how long a student's pass takes to appear in a teacher's open class page, in
// Chromium against a running site: a teacher (given the role with the server's `roles`
// command) opens /teach/<class>; a student in the class saves a pass through the progress
// API, as the tutorial does; the page notes the moment its row shows the new count. Prints
// the median, fastest and slowest of the rounds. With OTHER_INSTANCE_URL (a second server on the
// same database) the student's saves go there too, as when a site runs several instances.
// Usage: node scripts/bench-classes-live.mjs BASE_URL SERVER_BIN SQLITE_FILE [OTHER_INSTANCE_URL]
/* global document, MutationObserver */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { chromium, request } from '@playwright/test';
import { setUpSecondFactor } from './second-factor.mjs';

const [baseArg, serverBin, databaseFile, otherArg] = process.argv.slice(2);
if (!baseArg || !serverBin || !databaseFile) {
  console.error('usage: node scripts/bench-classes-live.mjs BASE_URL SERVER_BIN SQLITE_FILE');
  process.exit(2);
}
const base = new URL(baseArg);
const instances = [['one instance', base], ...(otherArg ? [['another instance', new URL(otherArg)]] : [])];
// The tutorial's challenges, as the build lists them: the teacher's table counts only these.
const tutorial = JSON.parse(readFileSync(new URL('../dist/_meta/tutorial.json', import.meta.url), 'utf8'));
const challenges = tutorial.lessons.flatMap((lesson) => lesson.challenges);
// A pass carries the student's code of the challenge's own files (the server checks the names).
const passFiles = (challenge) => Object.fromEntries((tutorial.challengeFiles[challenge] ?? []).map((name) => [name, 'solved']));
// Each round passes a challenge not passed before: the rounds of both instances share them.
const ROUNDS = Math.min(11, Math.floor(challenges.length / 2));
const PASSWORD = 'river-campus-2024!';
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
const headers = { origin: base.origin };

async function register(api, displayName, email) {
  const response = await api.post(new URL('/api/auth/register', base).href, {
    headers,
    data: { displayName, email, password: PASSWORD, mobile: '+91 98765 43210' },
  });
  if (!response.ok()) throw new Error(`register: ${response.status()} ${await response.text()}`);
}

async function api(context, method, path, data, server = base) {
  const response = await context.fetch(new URL(path, server).href, { method, headers: { origin: server.origin }, data });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

const stamp = Date.now();
const teacherEmail = `bench.teacher.${stamp}@example.com`;
const studentEmail = `bench.student.${stamp}@example.com`;

const browser = await chromium.launch(LAUNCH);
try {
  const teacherContext = await browser.newContext({ baseURL: base.href });
  await register(teacherContext.request, 'Bench Teacher', teacherEmail);
  await setUpSecondFactor(teacherContext.request, base, PASSWORD);
  await promisify(execFile)(serverBin, ['roles', 'grant', teacherEmail, 'teacher', '--database', `sqlite://${databaseFile}`]);
  const { class: created } = await api(teacherContext.request, 'POST', '/api/teach/classes', { name: 'Live bench' });

  const student = await request.newContext({ baseURL: base.href });
  await register(student, 'Bench Student', studentEmail);
  await api(student, 'POST', '/api/classes/join', { code: created.code });

  const page = await teacherContext.newPage();
  await page.goto(`/teach/${created.id}`);
  await page.getByRole('row', { name: new RegExp(studentEmail.replaceAll('.', '\\.')) }).waitFor();

  let passes = 0;
  for (const [where, server] of instances) {
    const latencies = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      passes += 1;
      // The page resolves, with the wall-clock time, once the student's row shows `passes`
      // (as "N of <all challenges>": the lessons' count is "N of <all lessons>").
      const shown = page.evaluate(
        ([email, count]) =>
          new Promise((resolve) => {
            const done = () => {
              const row = [...document.querySelectorAll('tr')].find((tr) => tr.textContent?.includes(email));
              if (!row?.textContent?.includes(count)) return false;
              resolve(performance.timeOrigin + performance.now());
              return true;
            };
            if (done()) return;
            const observer = new MutationObserver(() => {
              if (done()) observer.disconnect();
            });
            observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          }),
        [studentEmail, `${passes} of ${challenges.length}`],
      );
      // Should the save below fail, its error is the one reported, not this wait's end.
      shown.catch(() => undefined);
      // A student's pass comes at any moment of the view's one-second poll, not just after one
      // (as it would if each round began when the last one showed).
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
      const sent = Date.now();
      const challenge = challenges[passes - 1];
      const pass = { challenge, passedAt: sent, files: passFiles(challenge) };
      await api(student, 'POST', '/api/progress', { passes: [pass] }, server);
      latencies.push((await shown) - sent);
    }
    latencies.sort((a, b) => a - b);
    const ms = (value) => `${value.toFixed(0)} ms`;
    console.log(
      `a pass saved on ${where}, to the teacher's open page (${ROUNDS} rounds): ` +
        `median ${ms(latencies[Math.floor(ROUNDS / 2)])}, fastest ${ms(latencies[0])}, slowest ${ms(latencies[ROUNDS - 1])}`,
    );
  }
} finally {
  await browser.close();
}
