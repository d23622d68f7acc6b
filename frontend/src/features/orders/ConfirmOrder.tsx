import { useMutation } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { answer, api } from '../../shared/api/client';
import { usePrice } from '../../shared/format';
import { ConfirmTexts } from '../../shared/i18n/ConfirmTexts';
import controls from '../../shared/ui/controls.module.css';

/** The page the confirmation link of an order's SMS opens (`/confirm/{token}`): the buyer taps
 * to confirm — opening the page confirms nothing, so a link preview cannot — and then sees
 * the order's number and total. */
export function ConfirmOrder() {
  return (
    <ConfirmTexts>
      <Confirmation />
    </ConfirmTexts>
  );
}

function Confirmation() {
  const { token = '' } = useParams();
  const price = usePrice();
  const confirm = useMutation({
    mutationFn: () =>
      answer(api.POST('/api/order-confirmations/{token}', { params: { path: { token } } }), { silent: true }),
  });
  const order = confirm.data?.data;
  return (
    <div className={controls.card} style={{ padding: 20, maxInlineSize: 560 }} data-testid="confirm-order">
      <div className={controls.stack}>
        <h2 className={`${controls.title} ${controls.h2}`}>
          <FormattedMessage id="confirm.title" />
        </h2>
        {order ? (
          <>
            <p className={controls.text} role="status" data-testid="order-confirmed">
              <FormattedMessage
                id="confirm.done"
                values={{
                  number: (
                    <bdi dir="ltr" style={{ fontWeight: 700 }}>
                      {order.number}
                    </bdi>
                  ),
                  total: <bdi>{price(order.total)}</bdi>,
                }}
              />
            </p>
            <Link to={`/track-order?number=${encodeURIComponent(order.number)}`} className={controls.button}>
              <FormattedMessage id="checkout.track_it" />
            </Link>
          </>
        ) : confirm.isError ? (
          <p className={controls.text} role="alert" data-testid="confirm-failed">
            <FormattedMessage id="confirm.failed" />
          </p>
        ) : (
          <>
            <p className={controls.text}>
              <FormattedMessage id="confirm.ask" />
            </p>
            <button
              type="button"
              className={controls.button}
              disabled={confirm.isPending}
              onClick={() => confirm.mutate()}
              data-testid="confirm-button"
            >
              <FormattedMessage id="confirm.button" />
            </button>
          </>
        )}
      </div>
    </div>
  );
}
