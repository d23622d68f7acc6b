import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { OrderData } from '../../shared/api/types';
import { settingsQueries } from '../../shared/api/settings';
import { MOMENT, usePrice } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { whatsAppUrl } from '../../shared/whatsapp';
import controls from '../../shared/ui/controls.module.css';

/** The guest's order-success screen (`/order-success?number=&confirm=`): the number to keep,
 * with buttons to copy and share it, what was ordered, its total and where it goes (handed
 * over by the checkout; a reload keeps the number only), when the shop delivers, the way to
 * track the order, to talk about it on WhatsApp, and, while it awaits confirmation, to confirm
 * it at once. */
export function OrderPlaced() {
  const intl = useIntl();
  const { language } = useLanguage();
  const settings = useQuery(settingsQueries.public(language)).data?.data;
  const [params] = useSearchParams();
  const number = params.get('number') ?? '';
  const confirm = params.get('confirm');
  const order = (useLocation().state as { order?: OrderData } | null)?.order;
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
        <NumberButtons number={number} />
        <p className={`${controls.text} ${controls.small} ${controls.dimmed}`}>
          <FormattedMessage id="checkout.placed_keep" />
        </p>
        {/* The link confirms it, by a deadline; else, while it awaits, the shop calls. */}
        {confirm && order?.confirmation.confirm_by ? (
          <p className={controls.text} data-testid="confirm-before">
            <FormattedMessage
              id="checkout.confirm_before"
              values={{ deadline: intl.formatDate(order.confirmation.confirm_by, MOMENT) }}
            />
          </p>
        ) : (
          order?.confirmation.state === 'awaiting' && (
            <p className={controls.text} data-testid="we-will-call">
              <FormattedMessage id="checkout.we_will_call" />
            </p>
          )
        )}
        {order && <WhatWasOrdered order={order} />}
        {settings && (
          <p className={controls.text} data-testid="delivery-hours">
            <FormattedMessage id="delivery.hours" values={{ hours: settings.shipping.estimated_hours }} />
          </p>
        )}
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
          {settings?.whatsapp_number && (
            <a
              href={whatsAppUrl(
                settings.whatsapp_number,
                intl.formatMessage({ id: 'checkout.whatsapp_about' }, { number }),
              )}
              target="_blank"
              rel="noreferrer"
              className={`${controls.button} ${controls.plain}`}
              data-testid="whatsapp-link"
            >
              <FormattedMessage id="product.ask_whatsapp" />
            </a>
          )}
          <Link to="/products" className={`${controls.button} ${controls.plain}`}>
            <FormattedMessage id="cart.browse" />
          </Link>
        </div>
      </div>
    </div>
  );
}

/** Copy the number, and share it where the phone can (its share sheet: WhatsApp, SMS…). */
function NumberButtons({ number }: { number: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(number).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className={controls.row}>
      <button type="button" className={`${controls.button} ${controls.plain}`} onClick={copy} data-testid="copy-number">
        <FormattedMessage id={copied ? 'checkout.copied' : 'checkout.copy_number'} />
      </button>
      {typeof navigator.share === 'function' && (
        <button
          type="button"
          className={`${controls.button} ${controls.plain}`}
          onClick={() => void navigator.share({ text: number }).catch(() => undefined)}
          data-testid="share-number"
        >
          <FormattedMessage id="checkout.share_number" />
        </button>
      )}
    </div>
  );
}

/** The order's lines, total and address as placed. */
function WhatWasOrdered({ order }: { order: OrderData }) {
  const price = usePrice();
  return (
    <div className={controls.stackSm} data-testid="placed-order">
      <ul className={controls.text} style={{ margin: 0, paddingInlineStart: 20 }}>
        {order.items.map((item, index) => (
          <li key={index} data-testid="placed-line">
            {item.name} × {item.quantity} — {price(item.line_total)}
          </li>
        ))}
      </ul>
      <p className={`${controls.text} ${controls.price}`} data-testid="placed-total">
        <FormattedMessage id="checkout.placed_total" values={{ amount: price(order.total) }} />
      </p>
      <p className={`${controls.text} ${controls.small}`}>
        <FormattedMessage
          id="checkout.placed_address"
          values={{ address: order.address.address, city: order.address.city.name }}
        />
      </p>
    </div>
  );
}
