import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

const BENEFITS = ['quality', 'support', 'delivery', 'advice'] as const;

/** Home: who the shop is and why buy here. */
export function Home() {
  return (
    <Stack gap="xl">
      <Stack gap="sm" py="xl" align="flex-start">
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
      <section id="benefits">
        <Title order={2} mb="md">
          <FormattedMessage id="home.benefits.title" />
        </Title>
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
      </section>
    </Stack>
  );
}
