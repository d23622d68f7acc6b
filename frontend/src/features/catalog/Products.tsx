import { Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/** The product list; the catalogue (search, filters, cards) arrives with the catalogue work. */
export function Products() {
  return (
    <Stack gap="sm">
      <Title order={1}>
        <FormattedMessage id="products.title" />
      </Title>
      <Text c="dimmed">
        <FormattedMessage id="products.empty" />
      </Text>
    </Stack>
  );
}
