import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { usePrice } from '../../shared/format';
import type { Product } from '../../shared/api/catalogue';
import { ProductImage } from './ProductImage';
import { DiscountBadge } from './DiscountBadge';

/** A product in a list: picture, name, price (and the sale price), stock. */
export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const price = usePrice();
  const discounted = product.sale_price < product.price;
  return (
    <Card
      withBorder
      padding="sm"
      component={Link}
      to={`/products/${product.slug}`}
      data-testid="product-card"
      style={{ textDecoration: 'none' }}
    >
      <Card.Section>
        <ProductImage src={product.image} alt={product.name} priority={priority} />
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={600} lineClamp={2} data-testid="product-name">
          {product.name}
        </Text>
        <Group gap="xs">
          <Text fw={700} c="green.8" data-testid="product-price">
            <bdi>{price(product.sale_price)}</bdi>
          </Text>
          {discounted && (
            <Text size="sm" c="dimmed" td="line-through">
              <bdi>{price(product.price)}</bdi>
            </Text>
          )}
        </Group>
        <Group gap={4}>
          {discounted && <DiscountBadge percent={product.discount} />}
          {!product.in_stock && (
            <Badge color="gray.7">
              <FormattedMessage id="product.out_of_stock" />
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
