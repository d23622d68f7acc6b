import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/** A secret the shop shows this once (a key, a signing secret), with a copy button. */
export function OnceSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Alert color="yellow" variant="light" data-testid="once-secret">
      <Stack gap="xs">
        <Text fw={600}>
          <FormattedMessage id="dashboard.integrations.secret_once" />
        </Text>
        <Code block dir="ltr" data-testid="secret-value">
          {secret}
        </Code>
        <Group>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" onClick={copy}>
                <FormattedMessage id={copied ? 'dashboard.integrations.copied' : 'dashboard.integrations.copy'} />
              </Button>
            )}
          </CopyButton>
          <Button size="compact-sm" variant="subtle" onClick={onDone}>
            <FormattedMessage id="dashboard.integrations.secret_saved" />
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
