/**
 * Sucrase's own parser, which it does not export by name: the loop guard
 * (loop-guard.ts) reads its tokens. Only what that file uses is declared.
 */
declare module 'sucrase/dist/esm/parser/index.js' {
  export function parse(
    input: string,
    isJSXEnabled: boolean,
    isTypeScriptEnabled: boolean,
    isFlowEnabled: boolean,
  ): { tokens: ReadonlyArray<{ type: number; start: number; end: number }> };
}

declare module 'sucrase/dist/esm/parser/tokenizer/types.js' {
  export { TokenType } from 'sucrase/dist/types/parser/tokenizer/types';
}
