import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CartLineData } from '../../shared/api/types';
import { QuantityStepper, typedQuantity } from '../../shared/ui/QuantityStepper';
import { usePrice, useWeight } from '../../shared/format';
import { MAX_QUANTITY } from '../../shared/cart/localCart';
import { useCart } from '../../shared/cart/useCart';
import { EmptyCart } from '../../shared/cart/EmptyCart';

/** The cart (`/cart`) for guests and clients: each line with its picture, name, price and
 * quantity, the totals, the weight and the shipping weight rule explained; `actions` (checkout,
 * WhatsApp) come under it, and stay when the cart empties so they can say what happened. */
export function CartScreen({ actions }: { actions?: ReactNode }) {
  const { cart, loading } = useCart();
  // The actions keep their place whether the cart is empty or not, so their state (an order
  // just placed through WhatsApp) outlives the cart it emptied.
  return (
    <Stack gap="md">
      {!loading && !cart?.products.length ? <EmptyCart title="cart.title" /> : <CartContents />}
      {actions}
    </Stack>
  );
}

/** The lines, the totals, the weight and the rule, with the buttons that change them. */
function CartContents() {
  const intl = useIntl();
  const price = usePrice();
  const weight = useWeight();
  const { cart, setQuantity, remove, clear } = useCart();
  const lines = cart?.products ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>
          <FormattedMessage id="cart.title" />
        </Title>
        {lines.length > 0 && (
          <Button
            variant="subtle"
            color="red.9"
            onClick={() => {
              if (window.confirm(intl.formatMessage({ id: 'cart.confirm_clear' }))) void clear();
            }}
          >
            <FormattedMessage id="cart.clear" />
          </Button>
        )}
      </Group>
      {lines.map((line) => (
        // Keyed by the quantity too, so the typed field starts afresh when the cart changes
        // elsewhere (+/−, another tab).
        <CartLineRow
          key={`${line.id}:${line.quantity}`}
          line={line}
          onQuantity={(n) => setQuantity(line.id, n)}
          onRemove={() => remove(line.id)}
        />
      ))}
      {cart && (
        <Paper withBorder p="md" data-testid="cart-totals">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text>
                <FormattedMessage id="cart.subtotal" />
              </Text>
              <Text fw={700} data-testid="cart-total">
                {price(cart.total)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text>
                <FormattedMessage id="cart.total_weight" />
              </Text>
              <Text>{weight(cart.total_weight, 'kg')}</Text>
            </Group>
            <Text size="sm" c="dimmed" data-testid="shipping-rule">
              <FormattedMessage
                id="cart.shipping_rule"
                values={{ free: weight(cart.free_weight, 'kg'), fee: price(cart.extra_fee_per_kg) }}
              />
            </Text>
            {cart.shipping_value > 0 && (
              <Text size="sm" data-testid="shipping-extra">
                <FormattedMessage
                  id="cart.shipping_extra"
                  values={{ weight: weight(cart.total_weight, 'kg'), extra: price(cart.shipping_value) }}
                />
              </Text>
            )}
            <Text size="sm" c="dimmed">
              <FormattedMessage id="cart.city_cost_later" />
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** One line: −, the quantity (Arabic-Indic digits accepted), +, remove; flagged when fewer
 * units are left than it asks for. */
function CartLineRow({
  line,
  onQuantity,
  onRemove,
}: {
  line: CartLineData;
  onQuantity: (quantity: number) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}) {
  const intl = useIntl();
  const price = usePrice();
  const [typed, setTyped] = useState(String(line.quantity));
  const commit = () => {
    const quantity = typedQuantity(typed);
    if (quantity >= 1 && quantity <= MAX_QUANTITY && quantity !== line.quantity) {
      void onQuantity(quantity);
    } else {
      setTyped(String(line.quantity));
    }
  };
  const short = line.quantity > line.available_quantity;
  return (
    <Paper withBorder p="sm" data-testid="cart-line">
      <Group wrap="nowrap" align="start" gap="sm">
        {line.image && <Image src={line.image} alt="" w={64} h={64} radius="sm" fit="cover" />}
        <Stack gap={4} style={{ flex: 1, minInlineSize: 0 }}>
          <Anchor
            component={Link}
            to={`/products/${line.slug}`}
            fw={600}
            className="tap-target"
            style={{ overflowWrap: 'anywhere' }}
          >
            {line.name}
          </Anchor>
          <Text size="sm">
            <FormattedMessage id="cart.unit_price" values={{ price: price(line.sale_price) }} />
          </Text>
          <Group gap={6}>
            <QuantityStepper
              label={intl.formatMessage({ id: 'cart.quantity' })}
              hideLabel
              typed={typed}
              onType={setTyped}
              onStep={(quantity) => void onQuantity(quantity)}
              onBlur={commit}
              onKeyDown={(event) => event.key === 'Enter' && commit()}
              w={64}
              size="xs"
            />
            <Button variant="subtle" color="red.9" size="compact-sm" onClick={() => void onRemove()}>
              <FormattedMessage id="cart.remove" />
            </Button>
          </Group>
          {short && (
            <Alert color="orange" p="xs" data-testid="cart-short">
              <FormattedMessage id="cart.short" values={{ left: line.available_quantity }} />
            </Alert>
          )}
        </Stack>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {price(line.line_total)}
        </Text>
      </Group>
    </Paper>
  );
}
