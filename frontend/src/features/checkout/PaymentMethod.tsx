import { FormattedMessage, useIntl } from 'react-intl';
import controls from '../../shared/ui/controls.module.css';

/** Cash on delivery, the one method that can be chosen; cards are only promised. */
export function PaymentMethod() {
  const intl = useIntl();
  return (
    <div className={`${controls.stack} ${controls.stackTight}`}>
      <label className={controls.radio}>
        <input type="radio" checked readOnly name="payment_method" value="cash_on_delivery" />
        {intl.formatMessage({ id: 'checkout.cash_on_delivery' })}
      </label>
      <p className={`${controls.text} ${controls.tiny} ${controls.dimmed}`}>
        <FormattedMessage id="checkout.cards_soon" />
      </p>
    </div>
  );
}
