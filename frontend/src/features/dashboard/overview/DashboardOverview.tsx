import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { useSession } from '../../../shared/session/session';

/** The dashboard's first screen: who is signed in and what they may do. */
export function DashboardOverview() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="dashboard.overview.title" />
      </Title>
      <Paper withBorder p="md">
        <Text size="lg">
          <FormattedMessage id="dashboard.overview.welcome" values={{ name: user.name }} />
        </Text>
        <Group gap="xs" mt="sm">
          <Badge>
            <FormattedMessage id={`roles.${user.role}`} />
          </Badge>
          {user.access_role && <Badge variant="light">{user.access_role}</Badge>}
        </Group>
        <Text size="sm" c="dimmed" mt="sm">
          <FormattedMessage
            id="dashboard.overview.permissions"
            values={{ count: <FormattedNumber value={user.permissions.length} /> }}
          />
        </Text>
      </Paper>
    </Stack>
  );
}
