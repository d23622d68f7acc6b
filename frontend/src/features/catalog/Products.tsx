import { useEffect, useId, useState, type ReactNode } from 'react';
import { ProductPages } from './ProductPages';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { catalogQueries, type ProductFilters } from './api';
import { ProductGrid } from './ProductGrid';
import controls from '../../shared/ui/controls.module.css';
import classes from './Products.module.css';

/** A filter that is on or off: a checkbox drawn as a chip. */
function Chip({
  checked,
  onChange,
  children,
  'data-testid': testId,
}: {
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  'data-testid': string;
}) {
  const id = useId();
  return (
    <span className={classes.chip}>
      <input type="checkbox" id={id} checked={checked} onChange={onChange} data-testid={testId} />
      <label htmlFor={id}>{children}</label>
    </span>
  );
}

/** The product list: search as you type, the filter panel (all, price lowest or highest,
 * a category, clear) and pages, all kept in the address so a list can be shared. */
export function Products() {
  // A search from the header starts the list afresh, its box showing the new words.
  const searched = (useLocation().state as { searched?: number } | null)?.searched ?? 0;
  return <ProductList key={searched} />;
}

function ProductList() {
  const intl = useIntl();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const filters: ProductFilters = {
    search: params.get('search') ?? undefined,
    category: params.get('category') ?? undefined,
    sort: params.get('sort') ?? undefined,
    page: params.get('page') ?? undefined,
  };
  const [typed, setTyped] = useState(filters.search ?? '');
  const [search] = useDebouncedValue(typed, 300);

  const update = (changes: Partial<ProductFilters>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if ((params.get('search') ?? '') !== search.trim()) update({ search: search.trim() || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the debounced text drives this effect
  }, [search]);

  const categories = useQuery(catalogQueries.categories(language)).data?.data ?? [];
  const products = useQuery(catalogQueries.products(language, filters)).data;
  usePageTitle(intl.formatMessage({ id: 'products.title' }));

  return (
    <div className={controls.stack}>
      <h1 className={`${controls.title} ${controls.h1}`}>
        <FormattedMessage id="products.title" />
      </h1>
      <input
        className={controls.input}
        type="search"
        name="search"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        placeholder={intl.formatMessage({ id: 'search.placeholder' })}
        aria-label={intl.formatMessage({ id: 'search.placeholder' })}
      />
      <div className={controls.row} data-testid="filters">
        <Chip
          checked={!filters.sort && !filters.category}
          onChange={() => update({ sort: undefined, category: undefined })}
          data-testid="filter-all"
        >
          <FormattedMessage id="products.filter.all" />
        </Chip>
        <Chip
          checked={filters.sort === 'price_asc'}
          onChange={() => update({ sort: filters.sort === 'price_asc' ? undefined : 'price_asc' })}
          data-testid="sort-price-asc"
        >
          <FormattedMessage id="products.filter.price_asc" />
        </Chip>
        <Chip
          checked={filters.sort === 'price_desc'}
          onChange={() => update({ sort: filters.sort === 'price_desc' ? undefined : 'price_desc' })}
          data-testid="sort-price-desc"
        >
          <FormattedMessage id="products.filter.price_desc" />
        </Chip>
        {categories.map((category) => (
          <Chip
            key={category.id}
            checked={filters.category === category.slug}
            onChange={() => update({ category: filters.category === category.slug ? undefined : category.slug })}
            data-testid={`category-${category.slug}`}
          >
            {category.name}
          </Chip>
        ))}
        <button
          type="button"
          className={`${controls.button} ${controls.subtle} ${controls.compact}`}
          onClick={() => {
            setTyped('');
            setParams(new URLSearchParams(), { replace: true });
          }}
          data-testid="filter-clear"
        >
          <FormattedMessage id="products.filter.clear" />
        </button>
      </div>
      {products && (
        <>
          <p
            className={`${controls.text} ${controls.small} ${controls.dimmed}`}
            data-testid="result-count"
            id="product-list"
          >
            <FormattedMessage id="products.count" values={{ count: products.meta.total }} />
          </p>
          {products.every_word === false && (
            <p className={`${controls.text} ${controls.small}`} data-testid="some-words" role="status">
              <FormattedMessage id="products.some_words" />
            </p>
          )}
          {products.data.length === 0 ? (
            <div className={`${controls.stack} ${controls.stackXs}`} data-testid="no-results">
              <p className={controls.text}>
                <FormattedMessage id="products.empty" />
              </p>
              <div className={controls.row}>
                {categories.map((category) => (
                  <button
                    key={category.id}
                    type="button"
                    className={`${controls.button} ${controls.light}`}
                    onClick={() => {
                      setTyped('');
                      update({ category: category.slug, search: undefined });
                    }}
                  >
                    {category.name}
                  </button>
                ))}
              </div>
            </div>
          ) : (
            <ProductGrid products={products.data} first />
          )}
          <ProductPages
            listId="product-list"
            total={products.meta.last_page}
            value={products.meta.current_page}
            onChange={(page) => update({ page: String(page) })}
          />
        </>
      )}
    </div>
  );
}
