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
