import { useState } from 'react';
import { canDecrease, canIncrease, cartTotal, decrease, increase, MIN_QUANTITY, UNIT_PRICE } from './cart';

export function CartDemo() {
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  // Derived during render from the current quantity, so it can never lag behind.
  const total = cartTotal(quantity);

  return (
    <div className="demo-stack">
      <p>Printed course notes: {UNIT_PRICE} INR each</p>
      <div className="demo-row">
        {/* aria-disabled rather than disabled: the button keeps keyboard focus at the limit */}
        <button
          type="button"
          className="demo-button"
          aria-label="Remove one"
          aria-disabled={!canDecrease(quantity)}
          onClick={() => setQuantity(decrease)}
        >
          −
        </button>
        <p className="demo-value" aria-live="polite">
          Quantity: {quantity}
        </p>
        <button
          type="button"
          className="demo-button"
          aria-label="Add one"
          aria-disabled={!canIncrease(quantity)}
          onClick={() => setQuantity(increase)}
        >
          +
        </button>
      </div>
      <p className="demo-value" aria-live="polite">
        Total: {total} INR
      </p>
    </div>
  );
}
