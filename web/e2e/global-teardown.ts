import { rm } from 'node:fs/promises';

/** Removes the run's data directory, unless E2E_KEEP_DATA=1 asks to keep it for a look. */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || process.env.E2E_KEEP_DATA === '1') return;
  await rm(dir, { recursive: true, force: true });
}
