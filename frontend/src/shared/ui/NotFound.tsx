import { Button, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

/** Unknown paths: a message and a way back Home. */
export function NotFound() {
  return (
    <Stack align="center" py="xl" gap="md" data-testid="not-found">
      <Title order={1}>404</Title>
      <Text size="lg">
        <FormattedMessage id="notFound.title" />
      </Text>
      <Button component={Link} to="/">
        <FormattedMessage id="notFound.home" />
      </Button>
    </Stack>
  );
}
