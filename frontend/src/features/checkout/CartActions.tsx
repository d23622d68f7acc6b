import { useState } from 'react';
import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { settingsQueries } from '../../shared/api/settings';
import type { OrderData } from '../../shared/api/types';
import { useCart } from '../../shared/cart/useCart';
import { usePrice } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { GuestOrderForm } from './GuestOrderForm';
import { whatsAppUrl } from '../../shared/whatsapp';

/** Under the cart: go to checkout, or order through WhatsApp (design §5) — the order is placed
 * like a guest's, then a `wa.me` link carries its number, lines and total to the shop. */
export function CartActions() {
  const intl = useIntl();
  const price = usePrice();
  const { language } = useLanguage();
  const { cart, clear } = useCart();
  const whatsapp = useQuery(settingsQueries.public(language)).data?.data.whatsapp_number;
  const [ordering, setOrdering] = useState(false);
  const [placed, setPlaced] = useState<OrderData | null>(null);

  if (placed) {
    return (
      <Paper withBorder p="md" data-testid="whatsapp-placed">
        <Stack gap="sm" align="start">
          <Text>
            <FormattedMessage id="checkout.whatsapp_placed" values={{ number: <bdi dir="ltr">{placed.number}</bdi> }} />
          </Text>
          {whatsapp && (
            <Button
              component="a"
              href={whatsappLink(whatsapp, placed, intl, price)}
              target="_blank"
              rel="noreferrer"
              color="green"
              data-testid="whatsapp-link"
            >
              <FormattedMessage id="checkout.open_whatsapp" />
            </Button>
          )}
          <Anchor component={Link} to={`/track-order?number=${encodeURIComponent(placed.number)}`}>
            <FormattedMessage id="checkout.track_it" />
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  if (!cart || cart.products.length === 0) return null;
  return (
    <Stack gap="sm">
      <Button component={Link} to="/account/checkout" size="md" data-testid="go-checkout">
        <FormattedMessage id="cart.checkout" />
      </Button>
      {whatsapp && !ordering && (
        <Button variant="outline" color="green" onClick={() => setOrdering(true)} data-testid="order-whatsapp">
          <FormattedMessage id="checkout.order_whatsapp" />
        </Button>
      )}
      {ordering && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text fw={600}>
              <FormattedMessage id="checkout.order_whatsapp" />
            </Text>
            <GuestOrderForm
              cart={cart}
              source="whatsapp"
              onPlaced={(answer) => {
                setPlaced(answer.data);
                void clear();
              }}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** The `wa.me` link whose prefilled text names the order, its lines and its total. */
export function whatsappLink(
  number: string,
  order: OrderData,
  intl: IntlShape,
  price: (pounds: number) => string,
): string {
  const lines = order.items.map((item) =>
    intl.formatMessage(
      { id: 'checkout.whatsapp_line' },
      { name: item.name, quantity: item.quantity, total: price(item.line_total) },
    ),
  );
  const text = [
    intl.formatMessage({ id: 'checkout.whatsapp_intro' }, { number: order.number }),
    ...lines,
    intl.formatMessage({ id: 'checkout.whatsapp_total' }, { total: price(order.total) }),
  ].join('\n');
  return whatsAppUrl(number, text);
}
