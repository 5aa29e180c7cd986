import { parseContactState } from '../features/contact/contact-state';
import type { PageState } from './app';

/**
 * Parses the JSON the server embeds as `<script type="application/json"
 * id="page-state">` in a page it built for one visitor. Returns undefined for
 * anything malformed.
 */
export function parsePageState(text: string | null | undefined): PageState | undefined {
  if (!text) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const raw = data as Record<string, unknown>;
  if (!('contact' in raw)) return {};
  const contact = parseContactState(raw.contact);
  return contact ? { contact } : undefined;
}
