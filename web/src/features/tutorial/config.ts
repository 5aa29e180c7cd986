/**
 * Build settings the tutorial reads. The only place that reads the
 * environment: the build (scripts/vite-plugin-tutorial.ts) fills in
 * VITE_PLACEHOLDER_API_URL, with its default when it is not set.
 */

function readBaseUrl(value: string | undefined): string {
  if (!value) {
    throw new Error('VITE_PLACEHOLDER_API_URL is not set: build with the tutorial plugin (vite.config.ts)');
  }
  return value.replace(/\/+$/, '');
}

/** Base URL of the public placeholder-data service, without a trailing slash. */
export const placeholderApiUrl: string = readBaseUrl(import.meta.env.VITE_PLACEHOLDER_API_URL);
