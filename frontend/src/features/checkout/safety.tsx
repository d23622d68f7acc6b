import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { CartData } from '../../shared/api/types';
import controls from '../../shared/ui/controls.module.css';

/** The buyer's acknowledgement of the cart's dangerous products (WHO class Ia or Ib, or
 * restricted): the server refuses such an order without it. `body` is what the order sends. */
export function useSafety(cart: CartData) {
  const names = cart.products.filter((line) => line.needs_safety_acknowledgement).map((line) => line.name);
  const [acknowledged, setAcknowledged] = useState(false);
  return { names, acknowledged, setAcknowledged, body: names.length ? { acknowledged_safety: acknowledged } : {} };
}

/** The checkbox naming the dangerous products, shown only when the cart holds one. */
export function SafetyAcknowledgement({ safety }: { safety: ReturnType<typeof useSafety> }) {
  const intl = useIntl();
  if (!safety.names.length) return null;
  return (
    <label className={`${controls.row} ${controls.alert}`} data-testid="safety-acknowledgement">
      <input
        type="checkbox"
        name="acknowledged_safety"
        checked={safety.acknowledged}
        onChange={(event) => safety.setAcknowledged(event.target.checked)}
      />
      {intl.formatMessage({ id: 'checkout.safety' }, { products: safety.names.join(' · ') })}
    </label>
  );
}
