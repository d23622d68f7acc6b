import { Anchor, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

/** What a staff member sees of a dashboard screen their role does not include: why, and the
 * way back to the overview every staff member may open. */
export function NoAccess() {
  return (
    <Stack gap="sm" data-testid="no-access">
      <Title order={2}>
        <FormattedMessage id="dashboard.no_access.title" />
      </Title>
      <Text>
        <FormattedMessage id="dashboard.no_access.text" />
      </Text>
      <Anchor component={Link} to="/dashboard/overview">
        <FormattedMessage id="dashboard.no_access.back" />
      </Anchor>
    </Stack>
  );
}
