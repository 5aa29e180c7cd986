import { createEditor, type PrismEditor } from 'prism-code-editor';
import { defaultCommands, editHistory, setIgnoreTab } from 'prism-code-editor/commands';
import 'prism-code-editor/languages/css';
import 'prism-code-editor/languages/jsx';
import 'prism-code-editor/layout.css';
import 'prism-code-editor/prism/languages/css';
import 'prism-code-editor/prism/languages/tsx';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { isFocusShortcut } from './focus-mode';

export interface CodeEditorProps {
  readonly value: string;
  /** The file's name: it picks the language and labels the editor. */
  readonly fileName: string;
  /** The id of the text that explains the keys (how to leave the editor, how to run). */
  readonly describedBy: string;
  /** The line to mark as having a problem (counting from 1), if any. */
  readonly problemLine?: number;
  readonly autoFocus?: boolean;
  onChange(value: string): void;
  /** Ctrl+Enter or Cmd+Enter. */
  onRun(): void;
  /** Ctrl+Shift+Enter or Cmd+Shift+Enter: focus mode on or off. */
  onToggleFocus(): void;
}

const languageOf = (fileName: string) => (fileName.endsWith('.css') ? 'css' : fileName.endsWith('.ts') ? 'typescript' : 'tsx');

/**
 * A code editor: a real <textarea> under highlighted code (prism-code-editor),
 * so screen readers and phone keyboards treat it as the text field it is.
 * Tab indents inside it; Esc, then Tab, moves on to the next control, as in
 * CodeMirror, so keyboard users are never trapped.
 */
export function CodeEditor({ value, fileName, describedBy, problemLine, autoFocus, onChange, onRun, onToggleFocus }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<PrismEditor | null>(null);
  // The latest handlers, for the editor's listeners, which are set up once.
  const callbacks = useRef({ onChange, onRun, onToggleFocus });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onRun, onToggleFocus };
  });
  // The text the editor holds, to tell the student's typing from a change made from outside.
  const lastValue = useRef(value);

  useEffect(() => {
    const instance = createEditor(
      host.current!,
      {
        language: languageOf(fileName),
        value,
        tabSize: 2,
        lineNumbers: true,
        wordWrap: false,
        onUpdate: (code) => {
          if (code !== lastValue.current) {
            lastValue.current = code;
            callbacks.current.onChange(code);
          }
        },
      },
      defaultCommands(),
      editHistory(),
    );
    const textarea = instance.textarea;
    textarea.setAttribute('aria-label', `Code: ${fileName}`);
    textarea.setAttribute('aria-describedby', describedBy);
    textarea.setAttribute('aria-multiline', 'true');
    textarea.spellcheck = false;
    textarea.autocapitalize = 'off';
    textarea.setAttribute('autocorrect', 'off');

    const onKeyDown = (event: KeyboardEvent) => {
      // Before the editor sees it: with Ctrl, Enter would add a line.
      if (isFocusShortcut(event)) {
        event.preventDefault();
        event.stopImmediatePropagation();
        callbacks.current.onToggleFocus();
        return;
      }
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        event.stopImmediatePropagation();
        callbacks.current.onRun();
        return;
      }
      // Esc arms the escape: the next key, if it is Tab, leaves the editor.
      if (event.key === 'Escape') setIgnoreTab(true);
      else if (event.key !== 'Shift') {
        // After the editor has seen this key: a Tab right after Esc moves focus on.
        setTimeout(() => setIgnoreTab(false), 0);
      }
    };
    const onBlur = () => setIgnoreTab(false);
    // Capture, so that this runs before the editor's own Tab handling.
    textarea.addEventListener('keydown', onKeyDown, true);
    textarea.addEventListener('blur', onBlur);
    editor.current = instance;
    if (autoFocus) textarea.focus({ preventScroll: false });
    return () => {
      textarea.removeEventListener('keydown', onKeyDown, true);
      textarea.removeEventListener('blur', onBlur);
      instance.remove();
      editor.current = null;
    };
    // One editor per file: the parent gives each file its own key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // A change from outside (Reset, a solution): put it in the editor.
    const instance = editor.current;
    if (instance && value !== instance.value) {
      lastValue.current = value;
      instance.setOptions({ value });
    }
  }, [value]);

  useEffect(() => {
    const instance = editor.current;
    if (!instance || problemLine === undefined) return;
    const line = instance.lines[problemLine];
    line?.classList.add('playground__problem-line');
    return () => line?.classList.remove('playground__problem-line');
  }, [problemLine, value]);

  return <div className="playground__editor" ref={host} />;
}
