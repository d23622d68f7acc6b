import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { settingsQueries } from '../../shared/api/settings';
import type { OrderData } from '../../shared/api/types';
import { useCart } from '../../shared/cart/useCart';
import { usePrice } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { GuestOrderForm } from './guestOrder';
import { whatsAppUrl } from '../../shared/whatsapp';
import controls from '../../shared/ui/controls.module.css';

/** Under the cart: go to checkout, or order through WhatsApp (design §5) — the order is placed
 * like a guest's, then a `wa.me` link carries its number, lines and total to the shop. */
export function CartActions() {
  const intl = useIntl();
  const price = usePrice();
  const { language } = useLanguage();
  const { cart, clear } = useCart();
  const whatsapp = useQuery(settingsQueries.public(language)).data?.data.whatsapp_number;
  const [ordering, setOrdering] = useState(false);
  const [placed, setPlaced] = useState<OrderData | null>(null);
  // The token of the link that confirms the order, while it awaits confirmation.
  const [confirmToken, setConfirmToken] = useState<string | undefined>();

  if (placed) {
    return (
      <div className={controls.card} data-testid="whatsapp-placed">
        <div className={controls.stack} style={{ gap: 12, alignItems: 'flex-start' }}>
          <p className={controls.text}>
            <FormattedMessage id="checkout.whatsapp_placed" values={{ number: <bdi dir="ltr">{placed.number}</bdi> }} />
          </p>
          {whatsapp && (
            <a
              href={whatsappLink(whatsapp, placed, intl, price)}
              target="_blank"
              rel="noreferrer"
              className={controls.button}
              data-testid="whatsapp-link"
            >
              <FormattedMessage id="checkout.open_whatsapp" />
            </a>
          )}
          {confirmToken && (
            <Link
              to={`/confirm/${encodeURIComponent(confirmToken)}`}
              className={`${controls.link} tap-target`}
              data-testid="confirm-now"
            >
              <FormattedMessage id="checkout.confirm_now" />
            </Link>
          )}
          <Link
            to={`/track-order?number=${encodeURIComponent(placed.number)}`}
            className={`${controls.link} tap-target`}
          >
            <FormattedMessage id="checkout.track_it" />
          </Link>
        </div>
      </div>
    );
  }
  if (!cart || cart.products.length === 0) return null;
  // A line above what is left would be refused at the last step: say so here instead.
  const short = cart.products.some((line) => line.quantity > line.available_quantity);
  if (short) {
    return (
      <div className={`${controls.stack} ${controls.stackSm}`}>
        <button
          type="button"
          className={`${controls.button} ${controls.medium}`}
          disabled
          aria-describedby="cart-short"
          data-testid="go-checkout"
        >
          <FormattedMessage id="cart.checkout" />
        </button>
        <p id="cart-short" className={controls.error}>
          <FormattedMessage id="cart.lower_to_order" />
        </p>
      </div>
    );
  }
  return (
    <div className={`${controls.stack} ${controls.stackSm}`}>
      <Link to="/account/checkout" className={`${controls.button} ${controls.medium}`} data-testid="go-checkout">
        <FormattedMessage id="cart.checkout" />
      </Link>
      {whatsapp && !ordering && (
        <button
          type="button"
          className={`${controls.button} ${controls.outline}`}
          onClick={() => setOrdering(true)}
          data-testid="order-whatsapp"
        >
          <FormattedMessage id="checkout.order_whatsapp" />
        </button>
      )}
      {ordering && (
        <div className={controls.card}>
          <div className={`${controls.stack} ${controls.stackSm}`}>
            <p className={controls.text} style={{ fontWeight: 600 }}>
              <FormattedMessage id="checkout.order_whatsapp" />
            </p>
            <Suspense fallback={null}>
              <GuestOrderForm
                cart={cart}
                source="whatsapp"
                onPlaced={(answer) => {
                  setPlaced(answer.data);
                  setConfirmToken(answer.confirmation_url?.split('/confirm/')[1]);
                  void clear();
                }}
              />
            </Suspense>
          </div>
        </div>
      )}
    </div>
  );
}

/** The `wa.me` link whose prefilled text names the order, its lines and its total. */
export function whatsappLink(
  number: string,
  order: OrderData,
  intl: IntlShape,
  price: (pounds: number) => string,
): string {
  const lines = order.items.map((item) =>
    intl.formatMessage(
      { id: 'checkout.whatsapp_line' },
      { name: item.name, quantity: item.quantity, total: price(item.line_total) },
    ),
  );
  const text = [
    intl.formatMessage({ id: 'checkout.whatsapp_intro' }, { number: order.number }),
    ...lines,
    intl.formatMessage({ id: 'checkout.whatsapp_total' }, { total: price(order.total) }),
  ].join('\n');
  return whatsAppUrl(number, text);
}
