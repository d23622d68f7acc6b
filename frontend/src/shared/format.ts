import { useIntl } from 'react-intl';

/** Formats pounds for the page's language, with the Arabic word for pounds in Arabic. */
export function usePrice(): (pounds: number) => string {
  const intl = useIntl();
  return (pounds) =>
    intl.formatMessage(
      { id: 'price.format' },
      {
        amount: intl.formatNumber(pounds, {
          minimumFractionDigits: Number.isInteger(pounds) ? 0 : 2,
          maximumFractionDigits: 2,
        }),
      },
    );
}

/** Formats a weight given in kilograms in the unit the product is shown in. */
export function useWeight(): (kilograms: number, unit: 'kg' | 'g') => string {
  const intl = useIntl();
  return (kilograms, unit) =>
    unit === 'g'
      ? intl.formatMessage({ id: 'weight.g' }, { amount: intl.formatNumber(Math.round(kilograms * 1000)) })
      : intl.formatMessage({ id: 'weight.kg' }, { amount: intl.formatNumber(kilograms, { maximumFractionDigits: 3 }) });
}

/** A day as the shop writes it everywhere a buyer reads one, and on the invoice: day, month
 * name, year — "21 September 2026", "21 سبتمبر 2026" (English is `en-GB` for this order). */
export const DAY = { year: 'numeric', month: 'long', day: 'numeric' } as const;

/** A moment: the day as above, and the time on a twelve-hour clock, as Egypt reads it. */
export const MOMENT = { ...DAY, hour: 'numeric', minute: '2-digit', hour12: true } as const;
