// Publishes notices on a running site for the benchmarks that read them (throughput of
// /notices and of a notice's page against the static `/`, Lighthouse): an editor, given the
// role with the server's `roles` command, writes and publishes them through the content API,
// as the staff area does. Prints the path of one notice; with PHOTO (a JPEG's file), also
// publishes one showing that photo, uploaded as an editor does, and prints its path too. It also
// fills in and publishes every item of the disclosure (the UGC's guidelines of 2024, with 40
// documents), so that /disclosure is measured whole, as a college that has done its duty
// shows it, and prints what the page weighs (to stderr).
// Usage: [PHOTO=file.jpg] node scripts/bench-notices-seed.mjs BASE_URL SERVER_BIN SQLITE_FILE [COUNT]
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { request } from '@playwright/test';
import { setUpSecondFactor } from './second-factor.mjs';

const [baseArg, serverBin, databaseFile, countArg] = process.argv.slice(2);
if (!baseArg || !serverBin || !databaseFile) {
  console.error('usage: node scripts/bench-notices-seed.mjs BASE_URL SERVER_BIN SQLITE_FILE [COUNT]');
  process.exit(2);
}
const base = new URL(baseArg);
const count = Number(countArg ?? 25);
const headers = { origin: base.origin };
const email = `bench.editor.${Date.now()}@example.com`;

const editor = await request.newContext({ baseURL: base.href });
const registered = await editor.post('/api/auth/register', {
  headers,
  data: { displayName: 'Bench Editor', email, password: 'river-campus-2024!', mobile: '+91 98765 43210' },
});
if (!registered.ok()) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
await setUpSecondFactor(editor, base, 'river-campus-2024!');
await promisify(execFile)(serverBin, ['roles', 'grant', email, 'editor', '--database', `sqlite://${databaseFile}`]);

const BODY = [
  'The timetable for the **BCA semester 3** examinations is below. Report to your hall 30 minutes before the paper.',
  '',
  '| Day | Paper | Hall |',
  '|---|---|---|',
  '| Monday | Databases | A |',
  '| Wednesday | Computer networks | B |',
  '| Friday | Accounting for managers | A |',
  '',
  'Bring your hall ticket and college identity card. Questions: [the office](/contact).',
].join('\n');

let path = '';
for (let i = 1; i <= count; i += 1) {
  const created = await editor.post('/api/content/notices', {
    headers,
    data: { title: `BCA semester 3 exam timetable, batch ${i}`, body: BODY, category: i % 3 === 0 ? 'events' : 'exams', pinned: i === 1 },
  });
  if (!created.ok()) throw new Error(`create: ${created.status()} ${await created.text()}`);
  const { notice } = await created.json();
  const published = await editor.post(`/api/content/notices/${notice.id}/publish`, { headers, data: { revision: 1 } });
  if (!published.ok()) throw new Error(`publish: ${published.status()} ${await published.text()}`);
  path = notice.path;
}
console.log(path);

if (process.env.PHOTO) {
  const created = await editor.post('/api/content/notices', {
    headers,
    data: { title: 'Annual day on the campus', body: 'Photos follow.', category: 'events' },
  });
  if (!created.ok()) throw new Error(`create: ${created.status()} ${await created.text()}`);
  const { notice } = await created.json();
  const uploaded = await editor.post(`/api/content/notices/${notice.id}/files?name=annual-day.jpg`, {
    headers: { ...headers, 'content-type': 'image/jpeg' },
    data: await readFile(process.env.PHOTO),
  });
  if (!uploaded.ok()) throw new Error(`upload: ${uploaded.status()} ${await uploaded.text()}`);
  const { files } = await uploaded.json();
  const largest = files[0].copies.at(-1).path;
  const body = `Students of all three courses on the lawn, before the prize-giving.\n\n![Students on the lawn on annual day](${largest})\n\n${BODY}`;
  const saved = await editor.put(`/api/content/notices/${notice.id}`, {
    headers,
    data: { base: 1, title: 'Annual day on the campus', body, category: 'events', pinned: false },
  });
  if (!saved.ok()) throw new Error(`save: ${saved.status()} ${await saved.text()}`);
  const published = await editor.post(`/api/content/notices/${notice.id}/publish`, { headers, data: { revision: 2 } });
  if (!published.ok()) throw new Error(`publish: ${published.status()} ${await published.text()}`);
  console.log(notice.path);
}

const POLICY = [
  'The college follows the UGC notification of 2018 on refunds. A student who withdraws gets back:',
  '',
  '- **100%** of the fees, 15 days or more before the first day of classes;',
  '- **90%**, less than 15 days before;',
  '- **50%**, up to 30 days after;',
  '- nothing, more than 30 days after.',
  '',
  'Write to the office with the fee receipt; the refund reaches the bank account within 15 days.',
].join('\n');
const members = (count) =>
  Array.from({ length: count }, (_, i) => `Dr Member ${i + 1} | ${i === 0 ? 'Chairperson' : 'Member'} | member${i + 1}@college.example`).join('\n');
const committee = { text: POLICY, members: members(8), email: 'committee@college.example', documents: '' };
const DISCLOSURE = {
  'fee-structure': { text: POLICY, documents: '' },
  'refund-policy': { text: POLICY, documents: '' },
  prospectus: { text: 'The prospectus for 2027-28: courses, fees, rules and the calendar.', documents: 'Prospectus 2027-28 (PDF) | /contact' },
  'academic-calendar': { text: POLICY, documents: '' },
  scholarships: { text: POLICY, documents: '' },
  'grievance-redressal': { ...committee, ombudsperson: 'Prof. R. Desai, retired judge: ombudsperson@college.example' },
  'internal-complaints': committee,
  iqac: committee,
  'anti-ragging': { ...committee, helpline: '1800-180-5522' },
};
// Every other item of the guidelines of 2024, filled in by the kind of each field, with 40
// documents in all: six years each of annual reports and audited accounts (the archive), and
// one or two for the items that carry documents.
const DOCUMENTS_IN_ALL = 40;
const years = (words, count) =>
  Array.from({ length: count }, (_, i) => `${words} | ${2025 - i}-${String(26 - i).padStart(2, '0')} | /contact`).join('\n');
const BY_KIND = {
  text: POLICY,
  members: members(6),
  email: 'office@college.example',
  phone: '0265 234 5678',
  lines: '14 Riverbank Road\nVadodara 390001\nGujarat',
  coordinates: '22.3072, 73.1812',
  paragraph: 'Prof. R. Desai, retired judge of the district court: ombudsperson@college.example, 0265 234 5600.',
};
// The staff area's allowance of requests per editor applies here too: wait as it asks.
async function staffCall(call) {
  for (;;) {
    const response = await call();
    if (response.status() !== 429) return response;
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers()['retry-after'] ?? 1)));
  }
}
const { items } = await (await staffCall(() => editor.get('/api/content/disclosure'))).json();
let documents = 0;
for (const { slug } of items) {
  let fields = DISCLOSURE[slug];
  if (!fields) {
    const { page } = await (await staffCall(() => editor.get(`/api/content/disclosure/${slug}`))).json();
    fields = {};
    for (const field of page.schema) {
      if (field.key === 'notApplicable' || field.kind === 'photo') fields[field.key] = '';
      else if (field.kind === 'documents') {
        const count = ['annual-reports', 'annual-accounts'].includes(slug) ? 6 : 2;
        const shown = Math.min(count, DOCUMENTS_IN_ALL - documents);
        fields[field.key] = shown > 0 ? years(page.name.slice(0, 50).trim(), shown) : '';
        documents += shown;
      } else fields[field.key] = BY_KIND[field.kind] ?? 'The college publishes this here.';
    }
  }
  const { page } = await (await staffCall(() => editor.get(`/api/content/disclosure/${slug}`))).json();
  const saved = await staffCall(() => editor.put(`/api/content/disclosure/${slug}`, { headers, data: { base: page.head, fields } }));
  if (!saved.ok()) throw new Error(`disclosure ${slug}: ${saved.status()} ${await saved.text()}`);
  const { page: head } = await saved.json();
  const published = await staffCall(() => editor.post(`/api/content/disclosure/${slug}/publish`, { headers, data: { revision: head.head } }));
  if (!published.ok()) throw new Error(`publish ${slug}: ${published.status()} ${await published.text()}`);
}
// What the whole page and an item's own page weigh, filled in (the budget: 80 KB of
// HTML gzip each). To stderr: stdout names the notices for the benches that follow.
for (const path of ['/disclosure', '/disclosure/annual-accounts']) {
  const response = await editor.get(path, { headers: { 'accept-encoding': 'gzip' } });
  const html = await response.body();
  const gzipped = gzipSync(html).length;
  console.error(
    `${path} with ${items.length} items and ${documents} documents: ${(html.length / 1024).toFixed(1)} KB of HTML, ${(gzipped / 1024).toFixed(1)} KB gzip (budget 80 KB)${gzipped > 80 * 1024 ? '  OVER BUDGET' : ''}`,
  );
}
await editor.dispose();
