/**
 * The sandbox runs React's production build, whose errors read "Minified
 * React error #310; visit https://react.dev/errors/310 …". A student needs
 * the words, so the errors a beginner meets most are spelt out here (texts
 * from React's own error codes); others keep React's message and link.
 */
const MESSAGES: Readonly<Record<string, string>> = {
  '31': 'Objects are not valid as a React child (found: %s). If you meant to render a collection of children, use an array instead.',
  '130': 'Element type is invalid: expected a string (for built-in components) or a class/function (for composite components) but got: %s.%s',
  '185': 'Maximum update depth exceeded. This can happen when a component repeatedly calls setState inside componentWillUpdate or componentDidUpdate. React limits the number of nested updates to prevent infinite loops.',
  '300': 'Rendered fewer hooks than expected. This may be caused by an accidental early return statement.',
  '301': 'Too many re-renders. React limits the number of renders to prevent an infinite loop.',
  '310': 'Rendered more hooks than during the previous render.',
  '321': 'Invalid hook call. Hooks can only be called inside of the body of a function component.',
  '482': 'async/await is not yet supported in Client Components, only Server Components.',
};

/** React's message for a minified production error, or the message as it is. */
export function explainReactError(message: string): string {
  const match = /^Minified React error #(\d+); visit (\S+)/.exec(message);
  const text = match && MESSAGES[match[1]!];
  if (!match || !text) return message;
  let args: string[] = [];
  try {
    args = new URL(match[2]!).searchParams.getAll('args[]');
  } catch {
    // No arguments to fill in.
  }
  let index = 0;
  return text.replace(/%s/g, () => args[index++] ?? '');
}
