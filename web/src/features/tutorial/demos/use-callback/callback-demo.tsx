import { memo, useCallback, useState } from 'react';
import { useRenderCount } from '../render-count/use-render-count';

interface AddButtonProps {
  label: string;
  onAdd: () => void;
}

// memo: skip rendering when every prop is the same as last time.
const AddButton = memo(function AddButton({ label, onAdd }: AddButtonProps) {
  const renders = useRenderCount<HTMLSpanElement>();
  return (
    <p>
      <button type="button" className="demo-button" onClick={onAdd}>
        {label}
      </button>{' '}
      rendered <span ref={renders}>1</span> times
    </p>
  );
});

export function CallbackDemo() {
  const [likes, setLikes] = useState(0);
  const [dark, setDark] = useState(false);

  // The same function on every render, so memo can skip the button.
  const addStable = useCallback(() => setLikes((n) => n + 1), []);
  // A new function on every render: memo sees a changed prop each time.
  const addFresh = () => setLikes((n) => n + 1);

  return (
    <div className={dark ? 'demo-stack demo-dark' : 'demo-stack'}>
      <p aria-live="polite" className="demo-value">
        Likes: {likes}
      </p>
      <label>
        <input type="checkbox" checked={dark} onChange={(event) => setDark(event.target.checked)} /> Dark panel
      </label>
      <AddButton label="Like (useCallback)" onAdd={addStable} />
      <AddButton label="Like (new function)" onAdd={addFresh} />
    </div>
  );
}
