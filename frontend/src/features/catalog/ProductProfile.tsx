import { lazy, Suspense, type ReactNode } from 'react';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { NotFound } from '../../shared/ui/NotFound';
import { ApiError } from '../../shared/api/client';
import { usePrice, useWeight } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import type { Product } from '../../shared/api/catalogue';
import { catalogQueries } from './api';
import { ProductGallery } from './ProductGallery';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { DiscountBadge, Saving } from './DiscountBadge';
import classes from './ProductProfile.module.css';
import { AskTheShop } from './AskTheShop';
import { RelatedProducts } from './RelatedProducts';

// Last in its column and fetched after the page: nothing above it moves when it comes.
const DeliveryPromise = lazy(() => import('./DeliveryPromise'));

/** One product: gallery with zoom, price with the sale price and discount, stock, add to cart,
 * ask on WhatsApp or call, the delivery promise, weight, package pieces, expiry and description; then more of its category. */
export function ProductProfile({ buy }: { buy: (product: Product) => ReactNode }) {
  const { slug = '' } = useParams();
  const { language } = useLanguage();
  const intl = useIntl();
  const price = usePrice();
  const weight = useWeight();
  const query = useQuery(catalogQueries.product(language, slug));
  usePageTitle(query.data?.data.name);

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
  const product = query.data?.data;
  if (!product) return null;
  const discounted = product.sale_price < product.price;

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" data-testid="product-profile">
        <ProductGallery key={product.id} product={product} />
        <Stack gap="sm">
          <Group
            gap={6}
            component="nav"
            aria-label={intl.formatMessage({ id: 'product.breadcrumbs' })}
            data-testid="breadcrumbs"
          >
            <Anchor component={Link} to="/" className="tap-target">
              <FormattedMessage id="nav.home" />
            </Anchor>
            <Text c="dimmed" aria-hidden>
              ›
            </Text>
            <Anchor
              component={Link}
              to={product.category ? `/products?category=${encodeURIComponent(product.category.slug)}` : '/products'}
              className="tap-target"
            >
              {product.category ? product.category.name : <FormattedMessage id="nav.products" />}
            </Anchor>
          </Group>
          <Title order={1}>{product.name}</Title>
          <Group gap="sm" align="baseline">
            <Text size="xl" fw={800} c="green.8" data-testid="profile-price">
              <bdi>{price(product.sale_price)}</bdi>
            </Text>
            {discounted && (
              <>
                <Text c="dimmed" td="line-through">
                  <bdi>{price(product.price)}</bdi>
                </Text>
                <DiscountBadge percent={product.discount} />
                <Text size="sm" fw={600} c="red.9">
                  <Saving price={product.price} salePrice={product.sale_price} />
                </Text>
              </>
            )}
          </Group>
          <Badge color={product.in_stock ? 'green' : 'gray'} variant="light" w="fit-content">
            <FormattedMessage id={product.in_stock ? 'product.in_stock' : 'product.out_of_stock'} />
          </Badge>
          {buy(product)}
          <AskTheShop product={product} />
          {/* A plain table: Mantine's pulls its scroll area and floating layer into the first download. */}
          <table className={classes.facts}>
            <tbody>
              <tr>
                <th>
                  <FormattedMessage id="product.weight" />
                </th>
                <td>{weight(product.weight, product.weight_unit)}</td>
              </tr>
              {product.is_package && product.pieces_per_package && (
                <tr>
                  <th>
                    <FormattedMessage id="product.pieces" />
                  </th>
                  <td>
                    <FormattedNumber value={product.pieces_per_package} />
                  </td>
                </tr>
              )}
              {product.expires_at && (
                <tr>
                  <th>
                    <FormattedMessage id="product.expires" />
                  </th>
                  <td>
                    <FormattedDate value={product.expires_at} year="numeric" month="long" day="numeric" />
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          <Text>{product.description}</Text>
          <Suspense fallback={null}>
            <DeliveryPromise />
          </Suspense>
        </Stack>
      </SimpleGrid>
      <RelatedProducts product={product} />
    </>
  );
}
