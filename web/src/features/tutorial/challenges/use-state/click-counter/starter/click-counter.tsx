export function ClickCounter() {
  let count = 0;

  return (
    <button type="button" className="demo-button" onClick={() => (count = count + 1)}>
      Clicked {count} times
    </button>
  );
}
