import { useIntl } from 'react-intl';
import { ApiError } from '../../shared/api/client';
import { TextField } from '../../shared/ui/fields';
import controls from '../../shared/ui/controls.module.css';
import type { usePromo } from './promo';

/** The code field with its Apply button and, under it, the shop's message: what it takes off,
 * or why it does not apply (spec: the server's message goes into the coupon message). */
export default function PromoField({ promo }: { promo: ReturnType<typeof usePromo> }) {
  const intl = useIntl();
  const refusal =
    promo.error instanceof ApiError && promo.error.status === 422
      ? (promo.error.errors.copoun?.[0] ?? promo.error.message)
      : promo.error
        ? intl.formatMessage({ id: 'errors.network' })
        : undefined;
  return (
    <div>
      <div className={controls.row} style={{ flexWrap: 'nowrap', alignItems: 'flex-end' }}>
        <div style={{ flex: 1, minInlineSize: 0 }}>
          <TextField
            label={intl.formatMessage({ id: 'checkout.promo' })}
            name="copoun"
            dir="ltr"
            value={promo.typed}
            onChange={(event) => promo.setTyped(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                promo.apply();
              }
            }}
          />
        </div>
        <button
          type="button"
          className={`${controls.button} ${controls.plain}`}
          onClick={promo.apply}
          aria-busy={promo.checking}
          disabled={promo.checking || !promo.typed.trim()}
        >
          {intl.formatMessage({ id: 'checkout.apply_promo' })}
        </button>
        {promo.applied && (
          <button type="button" className={`${controls.button} ${controls.subtle}`} onClick={promo.remove}>
            {intl.formatMessage({ id: 'checkout.remove_promo' })}
          </button>
        )}
      </div>
      {(refusal ?? promo.message) && (
        <p
          className={`${controls.text} ${controls.small} ${refusal ? controls.refused : controls.accepted}`}
          data-testid="promo-message"
          role={refusal ? 'alert' : undefined}
        >
          {refusal ?? promo.message}
        </p>
      )}
    </div>
  );
}
