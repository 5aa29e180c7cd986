/**
 * Which of a student's files a teacher's page colours. Prism's grammars try
 * their patterns at every position of the text, and several of them run on to
 * the end of a long token or a long CSS selector, so the time to colour a file
 * grows with the square of its longest token: one 20 KB token takes about half
 * a second, and ten passes of them froze a teacher's tab for minutes. The
 * tutorial's own solutions are at most about 2.3 KB with lines under 140
 * characters, so these bounds colour every honest answer, and the slowest file
 * within them takes tens of milliseconds.
 */
export const COLOURED_FILE_MAX_CHARS = 6000;
export const COLOURED_LINE_MAX_CHARS = 300;

/** Whether `code` is small enough to colour without holding up the page. */
export function colourable(code: string): boolean {
  if (code.length > COLOURED_FILE_MAX_CHARS) return false;
  return code.split('\n').every((line) => line.length <= COLOURED_LINE_MAX_CHARS);
}
