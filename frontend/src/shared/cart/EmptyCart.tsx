import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import controls from '../ui/controls.module.css';

/** What the cart and checkout show when the cart is empty: say so and lead to the products. */
export function EmptyCart({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={controls.stack} style={{ alignItems: 'flex-start' }}>
      <h2 className={`${controls.title} ${controls.h2}`}>
        <FormattedMessage id={title} />
      </h2>
      <p className={controls.text} data-testid="cart-empty">
        <FormattedMessage id="cart.empty" />
      </p>
      <Link to="/products" className={controls.button}>
        <FormattedMessage id="cart.browse" />
      </Link>
      {children}
    </div>
  );
}
