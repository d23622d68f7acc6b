import { Group, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

/** The shop's mark and name, linking Home. */
export function Logo() {
  const intl = useIntl();
  return (
    <Link
      to="/"
      className="tap-target"
      style={{ textDecoration: 'none', color: 'inherit', minInlineSize: 44, justifyContent: 'center' }}
      aria-label={intl.formatMessage({ id: 'nav.home' })}
    >
      <Group gap={6} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <Text fw={800} size="xl" c="green.8" visibleFrom="sm">
          {intl.formatMessage({ id: 'app.name' })}
        </Text>
      </Group>
    </Link>
  );
}
