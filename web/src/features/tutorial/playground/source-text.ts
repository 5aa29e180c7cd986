/**
 * The text of a source file from its build-time highlighted HTML: the page
 * already carries every demo file that way, so the editor needs no second
 * copy. The highlighter only wraps tokens in spans and escapes &, < and >.
 */
export function sourceText(html: string): string {
  return `${html.replace(/<\/?span[^>]*>/g, '').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')}\n`;
}
