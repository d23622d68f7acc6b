import { FormattedMessage, useIntl } from 'react-intl';
import { Ltr } from '../../shared/ui/Ltr';
import { usePrice } from '../../shared/format';
import controls from '../../shared/ui/controls.module.css';

const SIZES = { md: '', lg: controls.badgeLarge, xl: controls.badgeXl };

/** "-20%", read left to right in Arabic too, on a red dark enough for white text (WCAG AA);
 * it keeps its width in a crowded row rather than clipping. */
export function DiscountBadge({ percent, size = 'md' }: { percent: number; size?: keyof typeof SIZES }) {
  const intl = useIntl();
  return (
    <span className={`${controls.badge} ${controls.badgeRed} ${SIZES[size]}`} data-testid="discount-badge">
      <Ltr>-{intl.formatNumber(percent)}%</Ltr>
    </span>
  );
}

/** "Save 12 EGP": what the sale price takes off the price. */
export function Saving({ price, salePrice }: { price: number; salePrice: number }) {
  const format = usePrice();
  return (
    <span data-testid="product-saving">
      <FormattedMessage id="product.save" values={{ amount: <bdi>{format(price - salePrice)}</bdi> }} />
    </span>
  );
}
