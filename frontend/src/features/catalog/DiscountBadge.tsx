import { Badge, type MantineSize } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Ltr } from '../../shared/ui/Ltr';
import { usePrice } from '../../shared/format';

/** "-20%", read left to right in Arabic too, on a red dark enough for white text (WCAG AA);
 * it keeps its width in a crowded row rather than clipping. */
export function DiscountBadge({ percent, size }: { percent: number; size?: MantineSize }) {
  const intl = useIntl();
  return (
    <Badge color="red.9" size={size} data-testid="discount-badge" style={{ flexShrink: 0, overflow: 'visible' }}>
      <Ltr>-{intl.formatNumber(percent)}%</Ltr>
    </Badge>
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
