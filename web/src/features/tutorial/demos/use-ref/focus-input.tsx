import { useRef, useState } from 'react';
import { useRenderCount } from '../render-count/use-render-count';

export function FocusInput() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const renders = useRenderCount<HTMLSpanElement>();

  return (
    <div className="demo-stack">
      <label htmlFor="ref-input">Search the lessons</label>
      <input id="ref-input" ref={inputRef} value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" className="demo-button" onClick={() => inputRef.current?.focus()}>
        Focus the input
      </button>
      <p>
        This component has rendered <span ref={renders}>1</span> times.
      </p>
    </div>
  );
}
