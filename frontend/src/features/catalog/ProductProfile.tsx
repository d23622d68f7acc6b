import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { NotFound } from '../../shared/ui/NotFound';
import { ApiError } from '../../shared/api/client';
import { DAY, usePrice, useWeight } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import type { Product } from '../../shared/api/catalogue';
import { catalogQueries } from './api';
import { ProductGallery } from './ProductGallery';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { DiscountBadge, Saving } from './DiscountBadge';
import controls from '../../shared/ui/controls.module.css';
import { Grid } from '../../shared/ui/Grid';
import classes from './ProductProfile.module.css';
import { AskTheShop } from './AskTheShop';
import { RelatedProducts } from './RelatedProducts';

// Last in its column and fetched after the page: nothing above it moves when it comes.
const ProductExtras = lazy(() => import('./ProductExtras'));

/** One product: gallery with zoom, price with the sale price and discount, stock, add to cart,
 * ask on WhatsApp or call, the delivery promise, weight, package pieces, expiry and description, a farm product's
 * safety and use block and dose calculator; then more of its category. */
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
      {/* The gallery beside the product's facts from 48em; one under the other on a phone. */}
      <Grid cols={{ base: 1, sm: 2 }} gap="2rem" data-testid="product-profile">
        <ProductGallery key={product.id} product={product} />
        <div className={classes.factsColumn}>
          <nav
            className={classes.crumbs}
            aria-label={intl.formatMessage({ id: 'product.breadcrumbs' })}
            data-testid="breadcrumbs"
          >
            <Link to="/" className={`${controls.link} tap-target`}>
              <FormattedMessage id="nav.home" />
            </Link>
            <span className={controls.dimmed} aria-hidden>
              ›
            </span>
            <Link
              to={product.category ? `/products?category=${encodeURIComponent(product.category.slug)}` : '/products'}
              className={`${controls.link} tap-target`}
            >
              {product.category ? product.category.name : <FormattedMessage id="products.title" />}
            </Link>
          </nav>
          <h1 className={`${controls.title} ${controls.h1}`}>{product.name}</h1>
          <div className={classes.prices}>
            <p className={`${controls.text} ${classes.salePrice}`} data-testid="profile-price">
              <bdi>{price(product.sale_price)}</bdi>
            </p>
            {discounted && (
              <>
                <p className={`${controls.text} ${controls.dimmed}`} style={{ textDecoration: 'line-through' }}>
                  <bdi>{price(product.price)}</bdi>
                </p>
                <DiscountBadge percent={product.discount} />
                <p className={`${controls.text} ${classes.saving}`}>
                  <Saving price={product.price} salePrice={product.sale_price} />
                </p>
              </>
            )}
          </div>
          <span
            className={`${controls.badge} ${product.in_stock ? controls.badgeLight : controls.badgeGray}`}
            style={{ alignSelf: 'flex-start' }}
          >
            <FormattedMessage id={product.in_stock ? 'product.in_stock' : 'product.out_of_stock'} />
          </span>
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
              {product.ships_expiring_on ? (
                // Kept in lots: the expiry of what an order today gets, not the staff's field.
                <tr data-testid="ships-expiring">
                  <th>
                    <FormattedMessage id="product.expires" />
                  </th>
                  <td>
                    <FormattedMessage
                      id="product.ships_expiring"
                      values={{ date: intl.formatDate(product.ships_expiring_on, { ...DAY, timeZone: 'UTC' }) }}
                    />
                  </td>
                </tr>
              ) : (
                product.expires_at && (
                  <tr>
                    <th>
                      <FormattedMessage id="product.expires" />
                    </th>
                    <td>
                      <FormattedDate value={product.expires_at} {...DAY} timeZone="UTC" />
                    </td>
                  </tr>
                )
              )}
            </tbody>
          </table>
          <p className={controls.text}>{product.description}</p>
          <Suspense fallback={null}>
            <ProductExtras product={product} />
          </Suspense>
        </div>
      </Grid>
      <RelatedProducts product={product} />
    </>
  );
}
