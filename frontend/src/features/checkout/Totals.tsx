import { FormattedMessage } from 'react-intl';
import { usePrice } from '../../shared/format';
import controls from '../../shared/ui/controls.module.css';
import type { OrderTotals } from './api';

/** What the buyer will pay, part by part, before placing the order; the city's shipping is
 * asked for until a city is chosen. */
export function Totals({ totals, subtotal }: { totals: OrderTotals | null; subtotal: number }) {
  const price = usePrice();
  const row = (label: string, amount: string, testId: string, strong = false) => (
    <div className={controls.between} key={label} style={{ fontWeight: strong ? 700 : undefined }}>
      <p className={controls.text}>
        <FormattedMessage id={label} />
      </p>
      <p className={controls.text} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {amount}
      </p>
    </div>
  );
  return (
    <div className={controls.card} data-testid="checkout-totals">
      <div className={`${controls.stack} ${controls.stackXs}`}>
        {row('order.subtotal', price(totals?.subtotal ?? subtotal), 'totals-subtotal')}
        {totals && totals.discount > 0 && row('order.discount', price(-totals.discount), 'totals-discount')}
        {totals ? (
          <>
            {row('checkout.shipping_base', price(totals.shippingBase), 'totals-shipping-base')}
            {row('order.shipping_extra', price(totals.shippingExtra), 'totals-shipping-extra')}
            {totals.codFee > 0 && row('order.cod_fee', price(totals.codFee), 'totals-cod-fee')}
            {row('order.total', price(totals.total), 'totals-total', true)}
          </>
        ) : (
          <p className={`${controls.text} ${controls.small} ${controls.dimmed}`}>
            <FormattedMessage id="checkout.choose_city_for_total" />
          </p>
        )}
      </div>
    </div>
  );
}
