import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import type { OrderData } from '../api/types';
import { usePrice } from '../format';
import controls from '../ui/controls.module.css';
import classes from './OrderSummary.module.css';
import { DAY } from '../format';

/** An order: its number, date and status, where it goes and to whom, its lines and what is
 * paid, part by part; `children` (the buyer's actions) come last. */
export function OrderSummary({ order, children }: { order: OrderData; children?: ReactNode }) {
  const price = usePrice();
  const rows: Array<[string, number]> = [
    ['order.subtotal', order.subtotal],
    ['order.discount', -order.discount],
    ['order.shipping', order.shipping_base],
    ['order.shipping_extra', order.shipping_extra],
    ['order.cod_fee', order.cod_fee],
  ];
  return (
    <div className={controls.card} data-testid="order-summary">
      <div className={`${controls.stack} ${controls.stackSm}`}>
        <div className={controls.between} style={{ flexWrap: 'wrap' }}>
          <h3 className={`${controls.title} ${controls.h3}`}>
            <bdi dir="ltr">{order.number}</bdi>
          </h3>
          <span className={controls.badge} data-testid="order-status">
            {order.status_label}
          </span>
        </div>
        <p className={`${controls.text} ${controls.small} ${controls.dimmed}`}>
          <FormattedDate value={order.created_at} {...DAY} />
        </p>
        <p className={`${controls.text} ${controls.small}`} style={{ overflowWrap: 'anywhere' }}>
          <FormattedMessage
            id="order.goes_to"
            values={{ address: order.address.address, city: order.address.city.name }}
          />
        </p>
        {order.type === 'other' && order.receiver_name && (
          <p className={`${controls.text} ${controls.small}`} style={{ overflowWrap: 'anywhere' }}>
            <FormattedMessage
              id="order.receiver"
              values={{ name: order.receiver_name, phone: <bdi dir="ltr">{order.receiver_phone}</bdi> }}
            />
          </p>
        )}
        <table className={classes.items}>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={index} data-testid="order-item">
                <td style={{ overflowWrap: 'anywhere' }}>{item.name}</td>
                <td>×{item.quantity}</td>
                <td style={{ whiteSpace: 'nowrap' }}>{price(item.line_total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows
          .filter(([, amount]) => amount !== 0)
          .map(([label, amount]) => (
            <div key={label} className={`${controls.between} ${controls.small}`}>
              <p className={controls.text}>
                <FormattedMessage id={label} />
              </p>
              <p className={controls.text}>{price(amount)}</p>
            </div>
          ))}
        <div className={controls.between} style={{ fontWeight: 700 }}>
          <p className={controls.text}>
            <FormattedMessage id="order.total" />
          </p>
          <p className={controls.text} data-testid="order-total">
            {price(order.total)}
          </p>
        </div>
        {/* Paid only once delivered; a cancelled order is paid for by nobody. */}
        {order.status !== 'cancelled' && (
          <p className={`${controls.text} ${controls.tiny} ${controls.dimmed}`} data-testid="order-payment">
            <FormattedMessage id={order.status === 'delivered' ? 'order.cash_on_delivery' : 'order.cash_to_pay'} />
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
