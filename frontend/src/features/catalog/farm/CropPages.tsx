import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, answer, api } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { AgronomyTexts } from '../../../shared/i18n/AgronomyTexts';
import { NotFound } from '../../../shared/ui/NotFound';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import controls from '../../../shared/ui/controls.module.css';
import { ProductGrid } from '../ProductGrid';
import { ProductImage } from '../ProductImage';
import classes from './CropPages.module.css';

/** Links to crops or pests, as chips a thumb can hit, in the names' own case; `query` carries
 * the farmer's crop along. */
function Links({
  to,
  items,
  query = '',
}: {
  to: 'crops' | 'pests';
  items: Array<{ slug: string; name: string }>;
  query?: string;
}) {
  return (
    <ul className={`${controls.row} ${controls.wrap}`} style={{ listStyle: 'none', padding: 0 }}>
      {items.map((item) => (
        <li key={item.slug}>
          <Link to={`/${to}/${item.slug}${query}`} className={classes.chip}>
            {item.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Shop by crop (`/crops`): every crop the shop keeps. */
export function Crops() {
  const { language } = useLanguage();
  const crops = useQuery({ queryKey: ['crops', language], queryFn: () => answer(api.GET('/api/crops')) }).data?.data;
  return (
    <AgronomyTexts>
      <div className={controls.stack} data-testid="crops-page">
        <h1 className={controls.title}>
          <FormattedMessage id="agronomy.shop_by_crop" />
        </h1>
        {crops && <Links to="crops" items={crops} />}
      </div>
    </AgronomyTexts>
  );
}

/** A crop (`/crops/{slug}`): its pests and diseases, and the products used on it. */
export function CropPage() {
  const { slug = '' } = useParams();
  const { language } = useLanguage();
  const query = useQuery({
    queryKey: ['crops', language, slug],
    queryFn: () => answer(api.GET('/api/crops/{slug}', { params: { path: { slug } } })),
  });
  const page = query.data?.data;
  usePageTitle(page?.crop.name);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
  if (!page) return null;
  return (
    <AgronomyTexts>
      <div className={controls.stack} data-testid="crop-page">
        <h1 className={controls.title}>{page.crop.name}</h1>
        {page.crop.image && (
          <div style={{ maxInlineSize: 240 }}>
            <ProductImage src={page.crop.image} alt={page.crop.name} priority />
          </div>
        )}
        {page.pests.length > 0 && (
          <>
            <h2 className={`${controls.title} ${controls.h4}`}>
              <FormattedMessage id="agronomy.pests_on" values={{ crop: page.crop.name }} />
            </h2>
            <Links to="pests" items={page.pests} query={`?crop=${page.crop.slug}`} />
          </>
        )}
        <h2 className={`${controls.title} ${controls.h4}`}>
          <FormattedMessage id="agronomy.products_for_crop" values={{ name: page.crop.name }} />
        </h2>
        {/* The product's dose calculator starts on this crop. */}
        <ProductGrid products={page.products} first query={`?crop=${page.crop.slug}`} />
      </div>
    </AgronomyTexts>
  );
}

/** A pest or disease (`/pests/{slug}`): what a farmer sees, the crops, and what treats it. */
export function PestPage() {
  const { slug = '' } = useParams();
  // Reached from a crop's page, the farmer's crop comes along to the products' calculator.
  const [params] = useSearchParams();
  const crop = params.get('crop');
  const { language } = useLanguage();
  const query = useQuery({
    queryKey: ['pests', language, slug],
    queryFn: () => answer(api.GET('/api/pests/{slug}', { params: { path: { slug } } })),
  });
  const page = query.data?.data;
  usePageTitle(page?.pest.name);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
  if (!page) return null;
  return (
    <AgronomyTexts>
      <div className={controls.stack} data-testid="pest-page">
        <h1 className={controls.title}>{page.pest.name}</h1>
        {page.pest.image && (
          <div style={{ maxInlineSize: 480 }}>
            <ProductImage src={page.pest.image} alt={page.pest.name} size="large" />
          </div>
        )}
        {page.pest.symptoms && <p className={controls.text}>{page.pest.symptoms}</p>}
        <Links to="crops" items={page.crops} />
        <h2 className={`${controls.title} ${controls.h4}`}>
          <FormattedMessage id="agronomy.products_against" values={{ name: page.pest.name }} />
        </h2>
        <ProductGrid
          products={page.products}
          first
          query={`?${crop ? `crop=${encodeURIComponent(crop)}&` : ''}pest=${page.pest.slug}`}
        />
      </div>
    </AgronomyTexts>
  );
}
