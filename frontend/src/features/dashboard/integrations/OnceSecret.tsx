import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
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

/** A tab of the integrations: what it is for, the secret just made (shown once), and, for
 * staff who may make one, the form that makes it. */
export function SecretMaker({
  intro,
  title,
  secret,
  onSecretSaved,
  canMake,
  onSubmit,
  children,
}: {
  intro: string;
  title: string;
  secret: string | null;
  onSecretSaved: () => void;
  canMake: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <>
      <Text size="sm" c="dimmed">
        <FormattedMessage id={intro} />
      </Text>
      {secret && <OnceSecret secret={secret} onDone={onSecretSaved} />}
      {canMake && (
        <form onSubmit={onSubmit} noValidate>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={3}>
                <FormattedMessage id={title} />
              </Title>
              {children}
            </Stack>
          </Paper>
        </form>
      )}
    </>
  );
}
