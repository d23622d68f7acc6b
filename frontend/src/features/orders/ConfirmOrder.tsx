import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { answer, api } from '../../shared/api/client';
import { MOMENT, usePrice } from '../../shared/format';
import { ConfirmTexts } from '../../shared/i18n/ConfirmTexts';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import controls from '../../shared/ui/controls.module.css';

/** The page the confirmation link of an order's SMS opens (`/confirm/{token}`): what the link
 * confirms — number, lines, total, where it goes and by when — with "yes, I confirm" and "I did
 * not order this"; opened again, where the order stands. Opening it changes nothing, so a link
 * preview cannot. */
export function ConfirmOrder() {
  return (
    <ConfirmTexts>
      <Confirmation />
    </ConfirmTexts>
  );
}

function Confirmation() {
  const { token = '' } = useParams();
  const { language } = useLanguage();
  const intl = useIntl();
  const price = usePrice();
  const client = useQueryClient();
  const path = { params: { path: { token } } };
  const queryKey = ['order-confirmation', language, token];
  const shown = useQuery({
    queryKey,
    queryFn: () => answer(api.GET('/api/order-confirmations/{token}', path), { silent: true }),
    retry: false,
  });
  // Either answer is the page's new state; a refusal (it moved on meanwhile) reads it again.
  const act = useMutation({
    mutationFn: async (mine: boolean) => {
      if (mine) await answer(api.POST('/api/order-confirmations/{token}', path), { silent: true });
      else await answer(api.POST('/api/order-confirmations/{token}/not-mine', path), { silent: true });
    },
    onSettled: () => client.invalidateQueries({ queryKey }),
  });
  const order = shown.data?.data;
  const number = order && (
    <bdi dir="ltr" style={{ fontWeight: 700 }}>
      {order.number}
    </bdi>
  );
  return (
    <div className={controls.card} style={{ padding: 20, maxInlineSize: 560 }} data-testid="confirm-order">
      <div className={controls.stack}>
        <h2 className={`${controls.title} ${controls.h2}`}>
          <FormattedMessage id="confirm.title" />
        </h2>
        {shown.isError && (
          <p className={controls.text} role="alert" data-testid="confirm-failed">
            <FormattedMessage id="confirm.failed" />
          </p>
        )}
        {order && (
          <>
            <div className={controls.stackXs} data-testid="confirm-details">
              <p className={controls.text}>
                <FormattedMessage id="confirm.number" values={{ number }} />
              </p>
              <ul className={controls.text}>
                {order.lines.map((line, index) => (
                  <li key={index}>
                    <bdi>{line.quantity}</bdi> × {line.name}
                  </li>
                ))}
              </ul>
              <p className={controls.text}>
                <FormattedMessage id="confirm.total" values={{ total: <bdi>{price(order.total)}</bdi> }} />
              </p>
              <p className={controls.text}>
                <FormattedMessage id="confirm.to" values={{ address: <bdi>{order.address}</bdi>, city: order.city }} />
              </p>
            </div>
            {order.state === 'awaiting' ? (
              <>
                <p className={controls.text} data-testid="confirm-deadline">
                  <FormattedMessage
                    id="confirm.deadline"
                    values={{ deadline: intl.formatDate(order.confirm_by, MOMENT) }}
                  />
                </p>
                <button
                  type="button"
                  className={controls.button}
                  disabled={act.isPending}
                  onClick={() => act.mutate(true)}
                  data-testid="confirm-button"
                >
                  <FormattedMessage id="confirm.button" />
                </button>
                <button
                  type="button"
                  className={`${controls.button} ${controls.subtle}`}
                  disabled={act.isPending}
                  onClick={() => act.mutate(false)}
                  data-testid="not-mine-button"
                >
                  <FormattedMessage id="confirm.not_mine" />
                </button>
              </>
            ) : (
              <>
                <p className={controls.text} role="status" data-testid={`order-${order.state}`}>
                  <FormattedMessage id={`confirm.${order.state}`} values={{ number }} />
                </p>
                {order.state !== 'not_ordered' && (
                  <Link to={`/track-order?number=${encodeURIComponent(order.number)}`} className={controls.button}>
                    <FormattedMessage id="checkout.track_it" />
                  </Link>
                )}
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
