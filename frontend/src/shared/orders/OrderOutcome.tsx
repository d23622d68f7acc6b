import { FormattedDate, FormattedMessage } from 'react-intl';
import type { OrderData } from '../api/types';
import { AccountTexts } from '../i18n/AccountTexts';
import controls from '../ui/controls.module.css';
import { hasOutcome } from './outcome';
import { MOMENT } from '../format';

// Written out so the message-id test sees every id.
const SHIPMENT_STATES: Record<string, string> = {
  created: 'orders.outcome.state.created',
  picked_up: 'orders.outcome.state.picked_up',
  out_for_delivery: 'orders.outcome.state.out_for_delivery',
  delivered: 'orders.outcome.state.delivered',
  exception: 'orders.outcome.state.exception',
  returned: 'orders.outcome.state.returned',
  cancelled: 'orders.outcome.state.cancelled',
  other: 'orders.outcome.state.other',
};

/** What became of an order's delivery, under its summary: the courier that carries it with its
 * tracking link and each state it reported, each failed attempt with its date (and, for staff,
 * the reason given), and why a cancelled order was cancelled when it was refused or never
 * confirmed. It brings its texts, so a storefront page can load it alone. */
export function OrderOutcome({ order }: { order: OrderData }) {
  if (!hasOutcome(order)) return null;
  return (
    <AccountTexts>
      <div className={`${controls.stack} ${controls.stackSm}`} data-testid="order-outcome">
        {order.shipment && <CourierTimeline shipment={order.shipment} />}
        {order.failed_attempts.map((attempt) => (
          <p key={attempt.attempt} className={`${controls.text} ${controls.small}`} data-testid="failed-attempt">
            <FormattedMessage
              id="orders.outcome.attempt"
              values={{
                attempt: attempt.attempt,
                at: <FormattedDate value={attempt.at} {...MOMENT} />,
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

/** The courier carrying the parcel, its tracking number (a link to the courier's page when it
 * has one) and the states it reported, oldest first, with their dates. */
function CourierTimeline({ shipment }: { shipment: NonNullable<OrderData['shipment']> }) {
  return (
    <div className={`${controls.stack} ${controls.stackSm}`} data-testid="order-shipment">
      <p className={`${controls.text} ${controls.small}`}>
        <FormattedMessage
          id="orders.outcome.courier"
          values={{
            courier: <bdi>{shipment.courier_name}</bdi>,
            tracking: shipment.tracking_url ? (
              <a
                href={shipment.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                dir="ltr"
                data-testid="tracking-link"
              >
                {shipment.tracking}
              </a>
            ) : (
              <bdi dir="ltr">{shipment.tracking}</bdi>
            ),
          }}
        />
      </p>
      {shipment.events.length > 0 && (
        <ol className={`${controls.text} ${controls.small}`} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
          {shipment.events.map((event, index) => (
            <li key={index} data-testid="shipment-event" data-state={event.state}>
              <FormattedMessage id={SHIPMENT_STATES[event.state] ?? SHIPMENT_STATES.other} />
              {' — '}
              <FormattedDate value={event.at} {...MOMENT} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
