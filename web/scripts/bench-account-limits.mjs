// What one account can make the server keep and hold, against a running server:
// - the database's size after an account fills its 2 MiB budget and then keeps trying to
//   save past it;
// - the server's resident memory (sampled from /proc) while 24 full accounts download their
//   data at once.
// Usage: node scripts/bench-account-limits.mjs BASE_URL SERVER_PID DATABASE_FILE
// The server must allow many registrations from one address (--auth-rate-per-minute and
// --registrations-per-ip-per-day).
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

const [base, pid, databaseFile] = process.argv.slice(2);
if (!base || !pid || !databaseFile) {
  console.error('usage: bench-account-limits.mjs BASE_URL SERVER_PID DATABASE_FILE');
  process.exit(2);
}
const ACCOUNTS = 24;
const CODE = 'x'.repeat(20 * 1024);
const MB = 1024 * 1024;

const databaseBytes = () =>
  ['', '-wal'].reduce((sum, suffix) => {
    try {
      return sum + statSync(databaseFile + suffix).size;
    } catch {
      return sum;
    }
  }, 0);

async function residentBytes() {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib * 1024;
}

async function register(n) {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ displayName: `Student ${n}`, email: `bench-${n}@example.com`, password: 'bench-password-2024', mobile: '+91 98765 43210' }),
  });
  if (response.status !== 201) throw new Error(`registration ${n}: ${response.status} ${await response.text()}`);
  return response.headers.get('set-cookie').split(';')[0];
}

async function save(cookie, first, count) {
  const files = Array.from({ length: count }, (_, i) => ({
    lesson: 'use-state',
    demo: `demo-${first + i}`,
    file: 'App.jsx',
    code: CODE,
    base: 'bench',
    editedAt: Date.now(),
  }));
  const response = await fetch(`${base}/api/progress`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ files }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** 100 files of 20 KB: 2,048,000 bytes, just under the budget. */
async function fill(cookie) {
  for (const [first, count] of [
    [0, 40],
    [40, 40],
    [80, 20],
  ]) {
    const status = await save(cookie, first, count);
    if (status !== 200) throw new Error(`filling an account: ${status}`);
  }
}

const empty = databaseBytes();
const cookies = [];
for (let n = 0; n < ACCOUNTS; n += 1) cookies.push(await register(n));
await fill(cookies[0]);
const oneFull = databaseBytes();
let refused = 0;
let accepted = 0;
for (let attempt = 0; attempt < 40; attempt += 1) {
  const status = await save(cookies[0], 100 + attempt * 40, 40);
  if (status === 200) accepted += 1;
  else refused += 1;
}
const afterTrying = databaseBytes();
console.log(`database with ${ACCOUNTS} new accounts: ${(empty / MB).toFixed(1)} MB before; ${(oneFull / MB).toFixed(1)} MB once one fills its budget`);
console.log(
  `one account then tries 40 saves of 800 KB past its budget: ${accepted} accepted, ${refused} refused; database ${(afterTrying / MB).toFixed(1)} MB (+${((afterTrying - oneFull) / MB).toFixed(1)} MB)`,
);

for (const cookie of cookies.slice(1)) await fill(cookie);
const before = await residentBytes();
let peak = before;
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    peak = Math.max(peak, await residentBytes());
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
})();
const started = performance.now();
const sizes = await Promise.all(
  cookies.map(async (cookie) => {
    const response = await fetch(`${base}/api/account/data`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`download: ${response.status}`);
    return (await response.arrayBuffer()).byteLength;
  }),
);
const seconds = (performance.now() - started) / 1000;
sampling = false;
await sampler;
const after = await residentBytes();
console.log(
  `${ACCOUNTS} full accounts download their data at once (${(sizes.reduce((a, b) => a + b, 0) / MB).toFixed(1)} MB in all, ${seconds.toFixed(1)} s): server RSS ${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB, ${(after / MB).toFixed(0)} MB after`,
);
