/**
 * A student's code that passed a challenge, highlighted with the editor's own
 * grammars (Prism, as the tutorial's editor uses them) in the token colours
 * the lessons use. Its own chunk, loaded when a teacher first shows a pass's
 * code. Only files within code-limits.ts's bounds come here: the others are
 * shown plain.
 */
import { languages, tokenizeText, type Token, type TokenStream } from 'prism-code-editor/prism';
import 'prism-code-editor/prism/languages/css';
import 'prism-code-editor/prism/languages/tsx';
import { useMemo, type ReactNode } from 'react';

/** Prism's token types as the lessons' `tok-*` classes (tutorial.css) colour them, as playground.css does for the editor. */
const KINDS: ReadonlyArray<readonly [kind: string, types: readonly string[]]> = [
  ['comment', ['comment']],
  ['keyword', ['keyword', 'boolean', 'important', 'atrule']],
  ['string', ['string', 'template-string', 'attr-value', 'url']],
  ['number', ['number', 'constant']],
  ['function', ['function', 'method']],
  ['type', ['class-name', 'builtin', 'property']],
  ['tag', ['tag', 'selector']],
  ['attr', ['attr-name']],
];
const KIND_OF_TYPE = new Map(KINDS.flatMap(([kind, types]) => types.map((type) => [type, kind] as const)));

function kindOf(token: Token): string | undefined {
  return [token.type, ...(token.alias?.split(' ') ?? [])].map((type) => KIND_OF_TYPE.get(type)).find(Boolean);
}

function render(stream: TokenStream | string): ReactNode {
  if (typeof stream === 'string') return stream;
  return stream.map((token, index) => {
    if (typeof token === 'string') return token;
    const kind = kindOf(token);
    const content = render(token.content);
    return kind ? (
      <span key={index} className={`tok-${kind}`}>
        {content}
      </span>
    ) : (
      <span key={index}>{content}</span>
    );
  });
}

const grammarOf = (file: string) => (file.endsWith('.css') ? languages.css : languages.tsx);

/** The highlighted text of `code` (a file named `file`), for a `<code>`. */
export default function PassedCode({ file, code }: { readonly file: string; readonly code: string }) {
  // Colouring is the costly part: done once per file, not again when the dialog renders for other reasons.
  return useMemo(() => {
    const grammar = grammarOf(file);
    return <>{grammar ? render(tokenizeText(code.replace(/\n$/, ''), grammar)) : code}</>;
  }, [file, code]);
}
