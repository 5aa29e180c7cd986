import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Undoes the transfer encodings a mail body may use, so tests can search it. */
function decodeBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  if (split < 0) return raw;
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return `${headers}\n\n${Buffer.from(body, 'base64').toString('utf8')}`;
  if (encoding === 'quoted-printable') {
    const decoded = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return `${headers}\n\n${Buffer.from(decoded, 'latin1').toString('utf8')}`;
  }
  return raw;
}

/** Mails the server wrote to `<dataDir>/mail/`, decoded, newest last. */
export async function readMails(dataDir: string): Promise<string[]> {
  const dir = join(dataDir, 'mail');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => decodeBody(await readFile(join(dir, name), 'utf8'))));
}

/** Polls for a mail containing `token` (and matching `pattern`, if given), for up to `timeoutMs`. */
export async function waitForMail(dataDir: string, token: string, timeoutMs = 10_000, pattern?: RegExp): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await readMails(dataDir)).find((text) => text.includes(token) && (!pattern || pattern.test(text)));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail containing ${token} in ${dataDir}/mail within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
