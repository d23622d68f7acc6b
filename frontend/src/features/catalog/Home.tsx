import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { catalogQueries } from './api';
import { ProductGrid } from './ProductGrid';
import { DiscountBadge } from './DiscountBadge';
import { usePageTitle } from '../../shared/ui/usePageTitle';

const BENEFITS = ['quality', 'support', 'delivery', 'advice'] as const;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} data-testid={`home-${id}`}>
      <Title order={2} mb="md">
        <FormattedMessage id={title} />
      </Title>
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
    <Stack gap="xl">
      <Stack gap="sm" py="lg" align="flex-start">
        <Title order={1}>
          <FormattedMessage id="home.hero.title" />
        </Title>
        <Text size="lg" c="dimmed" maw={640}>
          <FormattedMessage id="home.hero.subtitle" />
        </Text>
        <Button component={Link} to="/products" size="md">
          <FormattedMessage id="home.hero.cta" />
        </Button>
      </Stack>
      {home && (
        <>
          <Section id="featured" title="home.featured.title">
            <ProductGrid products={home.featured} first />
          </Section>
          <Section id="categories" title="home.categories.title">
            <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
              {home.categories.map((category) => (
                <Button
                  key={category.id}
                  component={Link}
                  to={`/products?category=${category.slug}`}
                  variant="light"
                  size="lg"
                >
                  {category.name}
                </Button>
              ))}
            </SimpleGrid>
          </Section>
          {home.offers.length > 0 && (
            <Section id="deals" title="home.deals.title">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {home.offers.map((offer) => (
                  <Card
                    key={offer.id}
                    withBorder
                    bg="green.0"
                    component={Link}
                    to={`/offers/${offer.id}`}
                    data-testid="home-deal"
                    className="focus-card"
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={700}>{offer.title}</Text>
                      <DiscountBadge percent={offer.percentage} size="lg" />
                    </Group>
                  </Card>
                ))}
              </SimpleGrid>
            </Section>
          )}
          <Section id="recent" title="home.recent.title">
            <ProductGrid products={home.recent} />
          </Section>
        </>
      )}
      <Section id="about" title="home.about.title">
        <Text maw={720}>
          <FormattedMessage id="footer.about" />
        </Text>
      </Section>
      <Section id="benefits" title="home.benefits.title">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {BENEFITS.map((benefit) => (
            <Card key={benefit} withBorder>
              <Text fw={700}>
                <FormattedMessage id={`home.benefits.${benefit}.title`} />
              </Text>
              <Text size="sm" c="dimmed">
                <FormattedMessage id={`home.benefits.${benefit}.body`} />
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
