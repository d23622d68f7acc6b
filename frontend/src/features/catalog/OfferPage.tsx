import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../shared/api/client';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { NotFound } from '../../shared/ui/NotFound';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { catalogQueries } from './api';
import { DiscountBadge } from './DiscountBadge';
import { ProductGrid } from './ProductGrid';
import { ProductPages } from './ProductPages';
import controls from '../../shared/ui/controls.module.css';
import { DAY } from '../../shared/format';

const HOUR = 3_600_000;
const COUNTDOWN_FROM = 3 * 24 * HOUR;

/** "Ends in 3 days", then "Ends in 20 hours", in an offer's last three days; kept current each
 * minute. */
function Countdown({ endsAt }: { endsAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const left = new Date(endsAt).getTime() - now;
  if (left <= 0 || left > COUNTDOWN_FROM) return null;
  const hours = Math.ceil(left / HOUR);
  return (
    <p
      className={controls.text}
      style={{ fontWeight: 700, color: 'var(--mantine-color-red-9)' }}
      data-testid="offer-countdown"
    >
      {hours > 48 ? (
        <FormattedMessage id="offer.ends_in_days" values={{ count: Math.ceil(hours / 24) }} />
      ) : (
        <FormattedMessage id="offer.ends_in_hours" values={{ count: hours }} />
      )}
    </p>
  );
}

/** An offer: its banner, its end with a countdown near it, and the products it lowers. */
export function OfferPage() {
  const { id = '' } = useParams();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const page = params.get('page') ?? '1';
  const query = useQuery(catalogQueries.offer(language, id, page));
  const offer = query.data?.offer;
  usePageTitle(offer?.title);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
  if (!query.data || !offer) return null;
  return (
    <div className={controls.stack} data-testid="offer-page">
      {offer.banner_image && (
        <img
          src={offer.banner_image}
          alt=""
          style={{ display: 'block', inlineSize: '100%', blockSize: 180, objectFit: 'cover', borderRadius: 8 }}
        />
      )}
      <div
        className={controls.row}
        style={{ justifyContent: 'space-between', flexWrap: 'nowrap', alignItems: 'flex-start' }}
      >
        <h1 className={`${controls.title} ${controls.h1}`} id="offer-products">
          {offer.title}
        </h1>
        <DiscountBadge percent={offer.percentage} size="xl" />
      </div>
      <p className={`${controls.text} ${controls.dimmed}`}>
        <FormattedMessage id="offer.ends_at" values={{ date: <FormattedDate value={offer.ends_at} {...DAY} /> }} />
      </p>
      <Countdown endsAt={offer.ends_at} />
      <ProductGrid products={query.data.data} />
      <ProductPages
        listId="offer-products"
        total={query.data.meta.last_page}
        value={query.data.meta.current_page}
        onChange={(next) => setParams({ page: String(next) })}
      />
    </div>
  );
}
