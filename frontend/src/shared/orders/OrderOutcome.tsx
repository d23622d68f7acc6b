import { FormattedDate, FormattedMessage } from 'react-intl';
import type { OrderData } from '../api/types';
import { AccountTexts } from '../i18n/AccountTexts';
import controls from '../ui/controls.module.css';
import { hasOutcome } from './outcome';

/** What became of an order's delivery, under its summary: each failed attempt with its date
 * (and, for staff, the reason given), and why a cancelled order was cancelled when it was
 * refused or never confirmed. It brings its texts, so a storefront page can load it alone. */
export function OrderOutcome({ order }: { order: OrderData }) {
  if (!hasOutcome(order)) return null;
  return (
    <AccountTexts>
      <div className={`${controls.stack} ${controls.stackSm}`} data-testid="order-outcome">
        {order.failed_attempts.map((attempt) => (
          <p key={attempt.attempt} className={`${controls.text} ${controls.small}`} data-testid="failed-attempt">
            <FormattedMessage
              id="orders.outcome.attempt"
              values={{
                attempt: attempt.attempt,
                at: <FormattedDate value={attempt.at} dateStyle="medium" timeStyle="short" />,
              }}
            />
            {attempt.reason && <span style={{ overflowWrap: 'anywhere' }}> — {attempt.reason}</span>}
          </p>
        ))}
        {order.cancelled_as === 'refused' && (
          <p className={`${controls.text} ${controls.small}`} style={{ fontWeight: 600 }} data-testid="order-refused">
            <FormattedMessage id="orders.outcome.refused" />
          </p>
        )}
        {order.cancelled_as === 'unconfirmed' && (
          <p className={`${controls.text} ${controls.small}`}>
            <FormattedMessage id="orders.outcome.unconfirmed" />
          </p>
        )}
      </div>
    </AccountTexts>
  );
}
