import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import controls from '../../shared/ui/controls.module.css';

/** The guest's order-success screen (`/order-success?number=&confirm=`): the number to keep,
 * the way to track the order with it, and, while it awaits confirmation, the way to confirm
 * it at once. */
export function OrderPlaced() {
  const [params] = useSearchParams();
  const number = params.get('number') ?? '';
  const confirm = params.get('confirm');
  return (
    <div className={controls.card} style={{ padding: 20, maxInlineSize: 560 }} data-testid="order-placed">
      <div className={controls.stack}>
        <h2 className={`${controls.title} ${controls.h2}`}>
          <FormattedMessage id="checkout.placed_title" />
        </h2>
        <p className={controls.text}>
          <FormattedMessage
            id="checkout.placed_number"
            values={{
              number: (
                <bdi dir="ltr" data-testid="order-number" style={{ fontWeight: 700 }}>
                  {number}
                </bdi>
              ),
            }}
          />
        </p>
        <p className={`${controls.text} ${controls.small} ${controls.dimmed}`}>
          <FormattedMessage id="checkout.placed_keep" />
        </p>
        <div className={controls.row}>
          {confirm && (
            <Link to={`/confirm/${encodeURIComponent(confirm)}`} className={controls.button} data-testid="confirm-now">
              <FormattedMessage id="checkout.confirm_now" />
            </Link>
          )}
          <Link
            to={`/track-order?number=${encodeURIComponent(number)}`}
            className={`${controls.button} ${confirm ? controls.plain : ''}`}
            data-testid="track-it"
          >
            <FormattedMessage id="checkout.track_it" />
          </Link>
          <Link to="/products" className={`${controls.button} ${controls.plain}`}>
            <FormattedMessage id="cart.browse" />
          </Link>
        </div>
      </div>
    </div>
  );
}
