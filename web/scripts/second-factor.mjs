// Staff sign in in two steps: the benchmarks' staff accounts set up an authenticator as its owner
// does on the account page, the script standing in for the app (RFC 6238: HMAC-SHA-1, 6 digits,
// 30 s), through a Playwright request context that holds the account's session.
import { createHmac } from 'node:crypto';

function base32Decode(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let buffer = 0;
  let bits = 0;
  const out = [];
  for (const char of text.replace(/\s/g, '')) {
    buffer = (buffer << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

function totp(secret) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

/**
 * Sets up two-step sign-in for the account signed in on `api` with `password` (the server needs
 * SECOND_FACTOR_KEY). Do it before granting a role: the grant ends sessions that have not passed
 * the second step, and this one then has.
 */
export async function setUpSecondFactor(api, base, password) {
  const headers = { origin: new URL(base).origin };
  const started = await api.post(new URL('/api/account/second-factor/start', base).href, { headers, data: { password } });
  if (!started.ok()) throw new Error(`two-step set-up: ${started.status()} ${await started.text()}`);
  const { setup } = await started.json();
  const code = totp(base32Decode(setup.key));
  const confirmed = await api.post(new URL('/api/account/second-factor/confirm', base).href, { headers, data: { code } });
  if (!confirmed.ok()) throw new Error(`two-step confirm: ${confirmed.status()} ${await confirmed.text()}`);
}
