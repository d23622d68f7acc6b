import { useState } from 'react';
import { Badge, Group, MultiSelect, Paper, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { submitShowingErrors } from '../../../shared/ui/mantine/submitShowingErrors';
import { DAY, MOMENT } from '../../../shared/format';
import { DateField } from '../DateField';
import { DeleteButton } from '../DeleteButton';
import { SaveButton } from '../FormParts';
import { integrationQueries, useCreateKey, useRevokeKey, type ApiKey, type KeyDraft } from './api';
import { SecretMaker } from './OnceSecret';
import { byResource, permissionWords } from '../roles/permissions';

/** Integrators' API keys: made with a name, scopes the maker holds, source addresses and an
 * expiry, the secret shown once; listed with their last use and count; revoked. */
export function ApiKeys() {
  const intl = useIntl();
  const { user } = useSession();
  const keys = useQuery(integrationQueries.keys()).data?.data ?? [];
  const create = useCreateKey();
  const revoke = useRevokeKey();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<KeyDraft>({ initialValues: { name: '', scopes: [], allowed_addresses: [], expires_at: '' } });
  // The maker's own permissions, grouped and worded as on the roles screen.
  const scopeChoices = byResource(user?.permissions ?? []).map(([resource, permissions]) => {
    const group = intl.formatMessage({ id: `dashboard.roles.resource.${resource}` });
    return {
      group,
      items: permissions.map((permission) => ({
        value: permission,
        label: permissionWords(permission, intl.formatMessage),
      })),
    };
  });
  const submit = submitShowingErrors(form, async (draft) => {
    const made = await create.mutateAsync(draft);
    toast('success', made.message);
    setSecret(made.secret);
    form.reset();
  });

  return (
    <Stack gap="md">
      <SecretMaker
        intro="dashboard.integrations.keys.intro"
        title="dashboard.integrations.keys.new"
        secret={secret}
        onSecretSaved={() => setSecret(null)}
        canMake={hasPermission(user, 'integration-create')}
        onSubmit={submit}
      >
        <TextInput
          label={intl.formatMessage({ id: 'dashboard.integrations.keys.name' })}
          required
          {...form.getInputProps('name')}
        />
        <MultiSelect
          label={intl.formatMessage({ id: 'dashboard.integrations.keys.scopes' })}
          description={intl.formatMessage({ id: 'dashboard.integrations.keys.scopes_hint' })}
          data={scopeChoices}
          searchable
          required
          {...form.getInputProps('scopes')}
        />
        <TagsInput
          label={intl.formatMessage({ id: 'dashboard.integrations.keys.addresses' })}
          description={intl.formatMessage({ id: 'dashboard.integrations.keys.addresses_hint' })}
          dir="ltr"
          {...form.getInputProps('allowed_addresses')}
        />
        <DateField
          label={intl.formatMessage({ id: 'dashboard.integrations.keys.expires' })}
          value={form.values.expires_at}
          onChange={(day) => form.setFieldValue('expires_at', day)}
          error={form.errors.expires_at}
        />
        <SaveButton pending={create.isPending} errors={form.errors} />
      </SecretMaker>
      {keys.length === 0 && (
        <Text c="dimmed">
          <FormattedMessage id="dashboard.integrations.keys.none" />
        </Text>
      )}
      {keys.map((key) => (
        <KeyCard
          key={key.id}
          apiKey={key}
          onRevoke={
            hasPermission(user, 'integration-delete') && !key.revoked_at
              ? () => revoke.mutate(key.id, { onSuccess: (done) => toast('success', done.message) })
              : undefined
          }
        />
      ))}
    </Stack>
  );
}

/** Whether a key works, was revoked, or expired. */
function keyState(key: ApiKey): 'active' | 'revoked' | 'expired' {
  if (key.revoked_at) return 'revoked';
  if (key.expires_at && new Date(key.expires_at) <= new Date()) return 'expired';
  return 'active';
}

function KeyCard({ apiKey: key, onRevoke }: { apiKey: ApiKey; onRevoke?: () => void }) {
  const intl = useIntl();
  const state = keyState(key);
  return (
    <Paper withBorder p="md" data-testid="api-key">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{key.name}</Text>
            <Badge color={state === 'active' ? 'green' : 'gray'}>
              <FormattedMessage id={`dashboard.integrations.keys.state.${state}`} />
            </Badge>
          </Group>
          {onRevoke && (
            <DeleteButton
              name={key.name}
              onConfirm={onRevoke}
              label="dashboard.integrations.keys.revoke"
              question="dashboard.integrations.keys.confirm_revoke"
            />
          )}
        </Group>
        <Text size="sm" dir="ltr" ff="monospace">
          {key.prefix}…
        </Text>
        <Text size="sm">
          <FormattedMessage
            id="dashboard.integrations.keys.scopes_list"
            values={{ scopes: intl.formatList(key.scopes.map((scope) => permissionWords(scope, intl.formatMessage))) }}
          />
        </Text>
        {key.allowed_addresses.length > 0 && (
          <Text size="sm">
            <FormattedMessage
              id="dashboard.integrations.keys.addresses_list"
              values={{ addresses: <span dir="ltr">{key.allowed_addresses.join(', ')}</span> }}
            />
          </Text>
        )}
        {key.expires_at && (
          <Text size="sm">
            <FormattedMessage
              id="dashboard.integrations.keys.expires_on"
              values={{ day: <FormattedDate value={key.expires_at} {...DAY} /> }}
            />
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {key.last_used_at ? (
            <FormattedMessage
              id="dashboard.integrations.keys.used"
              values={{ count: key.request_count, at: <FormattedDate value={key.last_used_at} {...MOMENT} /> }}
            />
          ) : (
            <FormattedMessage id="dashboard.integrations.keys.unused" />
          )}
        </Text>
      </Stack>
    </Paper>
  );
}
