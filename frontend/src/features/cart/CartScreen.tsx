import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CartLineData } from '../../shared/api/types';
import { QuantityStepper, typedQuantity } from '../../shared/ui/QuantityStepper';
import { usePrice, useWeight } from '../../shared/format';
import { MAX_QUANTITY } from '../../shared/cart/localCart';
import { useCart } from '../../shared/cart/useCart';
import { EmptyCart } from '../../shared/cart/EmptyCart';
import { Alert } from '../../shared/ui/fields';
import controls from '../../shared/ui/controls.module.css';

/** The cart (`/cart`) for guests and clients: each line with its picture, name, price and
 * quantity, the totals, the weight and the shipping weight rule explained; `actions` (checkout,
 * WhatsApp) come under it, and stay when the cart empties so they can say what happened
 * (their state, an order just placed through WhatsApp, outlives the cart it emptied). */
export function CartScreen({ actions }: { actions?: ReactNode }) {
  const { cart, loading } = useCart();
  const empty = !loading && !cart?.products.length;
  // The actions keep their place in the tree (and their state); an order placed through
  // WhatsApp is told above "your cart is empty", not under it.
  return (
    <div className={controls.stack}>
      {!empty && <CartContents />}
      {actions}
      {empty && <EmptyCart title="cart.title" />}
    </div>
  );
}

/** The lines, the totals, the weight and the rule, with the buttons that change them. */
function CartContents() {
  const intl = useIntl();
  const price = usePrice();
  const weight = useWeight();
  const { cart, setQuantity, remove, clear } = useCart();
  const lines = cart?.products ?? [];
  return (
    <div className={controls.stack}>
      <div className={controls.between}>
        <h2 className={`${controls.title} ${controls.h2}`}>
          <FormattedMessage id="cart.title" />
        </h2>
        {lines.length > 0 && (
          <button
            type="button"
            className={`${controls.button} ${controls.danger}`}
            onClick={() => {
              if (window.confirm(intl.formatMessage({ id: 'cart.confirm_clear' }))) void clear();
            }}
          >
            <FormattedMessage id="cart.clear" />
          </button>
        )}
      </div>
      {lines.map((line) => (
        // Keyed by the quantity too, so the typed field starts afresh when the cart changes
        // elsewhere (+/−, another tab).
        <CartLineRow
          key={`${line.id}:${line.quantity}`}
          line={line}
          onQuantity={(n) => setQuantity(line.id, n)}
          onRemove={() => remove(line.id)}
        />
      ))}
      {cart && (
        <div className={controls.card} data-testid="cart-totals">
          <div className={`${controls.stack} ${controls.stackXs}`}>
            <div className={controls.between}>
              <p className={controls.text}>
                <FormattedMessage id="order.subtotal" />
              </p>
              <p className={controls.text} style={{ fontWeight: 700 }} data-testid="cart-total">
                {price(cart.total)}
              </p>
            </div>
            <div className={controls.between}>
              <p className={controls.text}>
                <FormattedMessage id="cart.total_weight" />
              </p>
              <p className={controls.text}>{weight(cart.total_weight, 'kg')}</p>
            </div>
            <p className={`${controls.text} ${controls.small} ${controls.dimmed}`} data-testid="shipping-rule">
              <FormattedMessage
                id="cart.shipping_rule"
                values={{ free: weight(cart.free_weight, 'kg'), fee: price(cart.extra_fee_per_kg) }}
              />
            </p>
            {cart.shipping_value > 0 && (
              <p className={`${controls.text} ${controls.small}`} data-testid="shipping-extra">
                <FormattedMessage
                  id="cart.shipping_extra"
                  values={{ weight: weight(cart.total_weight, 'kg'), extra: price(cart.shipping_value) }}
                />
              </p>
            )}
            <p className={`${controls.text} ${controls.small} ${controls.dimmed}`}>
              <FormattedMessage id="cart.city_cost_later" />
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

/** One line: −, the quantity (Arabic-Indic digits accepted), +, remove; flagged when fewer
 * units are left than it asks for. */
function CartLineRow({
  line,
  onQuantity,
  onRemove,
}: {
  line: CartLineData;
  onQuantity: (quantity: number) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}) {
  const intl = useIntl();
  const price = usePrice();
  const [typed, setTyped] = useState(String(line.quantity));
  const commit = () => {
    const quantity = typedQuantity(typed);
    if (quantity >= 1 && quantity <= MAX_QUANTITY && quantity !== line.quantity) {
      void onQuantity(quantity);
    } else {
      setTyped(String(line.quantity));
    }
  };
  const short = line.quantity > line.available_quantity;
  return (
    <div className={controls.card} style={{ padding: 12 }} data-testid="cart-line">
      <div className={controls.row} style={{ flexWrap: 'nowrap', alignItems: 'flex-start', gap: 12 }}>
        {line.image && (
          <img
            src={line.image}
            alt=""
            width={64}
            height={64}
            style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
          />
        )}
        <div className={controls.stack} style={{ gap: 4, flex: 1, minInlineSize: 0 }}>
          <Link
            to={`/products/${line.slug}`}
            className={`${controls.link} tap-target`}
            style={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {line.name}
          </Link>
          <p className={`${controls.text} ${controls.small}`}>
            <FormattedMessage id="cart.unit_price" values={{ price: price(line.sale_price) }} />
          </p>
          <div className={controls.row} style={{ gap: 6 }}>
            <QuantityStepper
              label={intl.formatMessage({ id: 'cart.quantity' })}
              hideLabel
              typed={typed}
              onType={setTyped}
              onStep={(quantity) => void onQuantity(quantity)}
              onBlur={commit}
              onKeyDown={(event) => event.key === 'Enter' && commit()}
              w={64}
              size="xs"
            />
            <button
              type="button"
              className={`${controls.button} ${controls.danger} ${controls.compact}`}
              onClick={() => void onRemove()}
            >
              <FormattedMessage id="cart.remove" />
            </button>
          </div>
          {short && (
            <Alert color="orange" data-testid="cart-short">
              <FormattedMessage id="cart.short" values={{ left: line.available_quantity }} />
            </Alert>
          )}
        </div>
        <p className={controls.text} style={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {price(line.line_total)}
        </p>
      </div>
    </div>
  );
}
