import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import controls from '../../shared/ui/controls.module.css';
import { catalogQueries } from './api';
import { ProductGrid } from './ProductGrid';
import { DiscountBadge } from './DiscountBadge';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { Grid } from '../../shared/ui/Grid';
import classes from './Home.module.css';

const BENEFITS = ['quality', 'support', 'delivery', 'advice'] as const;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} data-testid={`home-${id}`}>
      <h2 className={`${controls.title} ${controls.h2} ${classes.sectionTitle}`}>
        <FormattedMessage id={title} />
      </h2>
      {children}
    </section>
  );
}

/** Home: the featured products, categories, about, recent products, exclusive deals and
 * benefits. */
export function Home() {
  const { language } = useLanguage();
  const home = useQuery(catalogQueries.home(language)).data?.data;
  usePageTitle(undefined);
  return (
    <div className={classes.page}>
      <div className={classes.hero}>
        <h1 className={`${controls.title} ${controls.h1}`}>
          <FormattedMessage id="home.hero.title" />
        </h1>
        <p className={`${controls.text} ${controls.big} ${controls.dimmed}`} style={{ maxInlineSize: 640 }}>
          <FormattedMessage id="home.hero.subtitle" />
        </p>
        <Link to="/products" className={`${controls.button} ${controls.medium}`}>
          <FormattedMessage id="home.hero.cta" />
        </Link>
      </div>
      {home && (
        <>
          {home.crops.length > 0 && (
            <Section id="crops" title="home.crops.title">
              {/* One row of crops that scrolls sideways, in the first screen: a farmer shops for
                  a crop before a product. */}
              <ul className={classes.crops}>
                {home.crops.map((crop) => (
                  <li key={crop.id}>
                    <Link to={`/crops/${crop.slug}`} className={classes.crop} data-testid="home-crop">
                      {crop.image && <img src={crop.image} alt="" width={56} height={56} loading="lazy" />}
                      <span>{crop.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </Section>
          )}
          <Section id="featured" title="home.featured.title">
            <ProductGrid products={home.featured} first />
          </Section>
          <Section id="categories" title="nav.categories">
            <Grid cols={{ base: 2, sm: 3, md: 5 }}>
              {home.categories.map((category) => (
                <Link
                  key={category.id}
                  to={`/products?category=${category.slug}`}
                  className={`${controls.button} ${controls.light} ${controls.large} ${controls.wrap}`}
                >
                  {category.name}
                </Link>
              ))}
            </Grid>
          </Section>
          {home.offers.length > 0 && (
            <Section id="deals" title="home.deals.title">
              <Grid cols={{ base: 1, sm: 2 }}>
                {home.offers.map((offer) => (
                  <Link
                    key={offer.id}
                    to={`/offers/${offer.id}`}
                    data-testid="home-deal"
                    className={`${controls.card} ${classes.deal} focus-card`}
                  >
                    <p className={controls.text} style={{ fontWeight: 700 }}>
                      {offer.title}
                    </p>
                    <DiscountBadge percent={offer.percentage} size="lg" />
                  </Link>
                ))}
              </Grid>
            </Section>
          )}
          <Section id="recent" title="home.recent.title">
            <ProductGrid products={home.recent} />
          </Section>
        </>
      )}
      <Section id="about" title="home.about.title">
        <p className={controls.text} style={{ maxInlineSize: 720 }}>
          <FormattedMessage id="footer.about" />
        </p>
      </Section>
      <Section id="benefits" title="home.benefits.title">
        <Grid cols={{ base: 1, xs: 2, md: 4 }} gap="1rem">
          {BENEFITS.map((benefit) => (
            <div key={benefit} className={controls.card}>
              <p className={controls.text} style={{ fontWeight: 700 }}>
                <FormattedMessage id={`home.benefits.${benefit}.title`} />
              </p>
              <p className={`${controls.text} ${controls.small} ${controls.dimmed}`}>
                <FormattedMessage id={`home.benefits.${benefit}.body`} />
              </p>
            </div>
          ))}
        </Grid>
      </Section>
    </div>
  );
}
