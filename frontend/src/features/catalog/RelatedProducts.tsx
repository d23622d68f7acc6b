import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import type { Product } from '../../shared/api/catalogue';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { catalogQueries } from './api';
import { ProductGrid } from './ProductGrid';
import controls from '../../shared/ui/controls.module.css';

/** Up to four other products of the same category, so a product page leads somewhere. It asks
 * what the category's list asks, so the list opens from the cache. */
export function RelatedProducts({ product }: { product: Product }) {
  const { language } = useLanguage();
  const category = product.category?.slug;
  const list = useQuery({ ...catalogQueries.products(language, { category }), enabled: !!category }).data;
  const others = (list?.data ?? []).filter((other) => other.id !== product.id).slice(0, 4);
  if (others.length === 0) return null;
  return (
    <section
      className={controls.stack}
      style={{ gap: 12, marginBlockStart: 32 }}
      aria-labelledby="related-products"
      data-testid="related-products"
    >
      <h2 className={`${controls.title} ${controls.h3}`} id="related-products">
        <FormattedMessage id="product.related" />
      </h2>
      <ProductGrid products={others} />
    </section>
  );
}
