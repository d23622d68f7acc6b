import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ApiError } from '../../shared/api/client';
import type { CartLine } from '../../shared/cart/localCart';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { TextField } from '../../shared/ui/fields';
import controls from '../../shared/ui/controls.module.css';
import { checkPromo } from './api';

/** The promo code of a checkout: typed, applied, checked again whenever the cart changes, so
 * the discount shown is the one the server will give. */
export function usePromo(items: CartLine[]) {
  const { language } = useLanguage();
  const [typed, setTyped] = useState('');
  const [applied, setApplied] = useState<string | null>(null);
  const check = useQuery({
    queryKey: ['checkout', 'promo', language, applied, items],
    queryFn: () => checkPromo(applied ?? '', items),
    enabled: applied !== null && items.length > 0,
    retry: false,
  });
  return {
    typed,
    setTyped,
    apply: () => setApplied(typed.trim() || null),
    remove: () => {
      setApplied(null);
      setTyped('');
    },
    applied,
    checking: check.isFetching,
    /** The code to send with the order: only one the server accepted. */
    code: check.isSuccess && applied ? applied : undefined,
    discount: check.isSuccess ? check.data.data.discount : 0,
    message: check.isSuccess ? check.data.message : undefined,
    error: check.isError ? check.error : undefined,
    recheck: () => check.refetch(),
  };
}

/** The code field with its Apply button and, under it, the shop's message: what it takes off,
 * or why it does not apply (spec: the server's message goes into the coupon message). */
export function PromoField({ promo }: { promo: ReturnType<typeof usePromo> }) {
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
