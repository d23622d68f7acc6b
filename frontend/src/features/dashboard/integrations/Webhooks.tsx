import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { submitShowingErrors } from '../../../shared/ui/mantine/submitShowingErrors';
import { MOMENT } from '../../../shared/format';
import { DateField } from '../DateField';
import { DeleteButton } from '../DeleteButton';
import { SaveButton } from '../FormParts';
import {
  integrationQueries,
  useDeleteEndpoint,
  useReplay,
  useResend,
  useRotateSecret,
  useSaveEndpoint,
  useSendTest,
  type EndpointDraft,
  type WebhookEndpoint,
} from './api';
import { SecretMaker } from './OnceSecret';

const success = (answer: { message: string }) => toast('success', answer.message);

/** Webhook endpoints: added with the events they take (the signing secret shown once), turned
 * on and off, tested, given a new secret, removed; each with its delivery log. `opened` is the
 * endpoint whose log shows first (a notice's link). */
export function Webhooks({ opened }: { opened: number | null }) {
  const intl = useIntl();
  const { user } = useSession();
  const list = useQuery(integrationQueries.endpoints()).data;
  const save = useSaveEndpoint();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<EndpointDraft>({ initialValues: { url: '', events: [], active: true } });
  const submit = submitShowingErrors(form, async (draft) => {
    const added = await save.mutateAsync({ id: null, draft });
    toast('success', added.message);
    setSecret(added.secret ?? null);
    form.reset();
  });

  return (
    <Stack gap="md">
      <SecretMaker
        intro="dashboard.integrations.webhooks.intro"
        title="dashboard.integrations.webhooks.new"
        secret={secret}
        onSecretSaved={() => setSecret(null)}
        canMake={hasPermission(user, 'integration-create')}
        onSubmit={submit}
      >
        <TextInput
          label={intl.formatMessage({ id: 'dashboard.integrations.webhooks.url' })}
          placeholder="https://erp.example.com/hooks"
          dir="ltr"
          type="url"
          required
          {...form.getInputProps('url')}
        />
        <Checkbox.Group
          label={intl.formatMessage({ id: 'dashboard.integrations.webhooks.events' })}
          required
          {...form.getInputProps('events')}
        >
          <Stack gap={4} mt={4}>
            {(list?.events ?? []).map((kind) => (
              <Checkbox key={kind} value={kind} label={<EventName kind={kind} />} />
            ))}
          </Stack>
        </Checkbox.Group>
        <SaveButton pending={save.isPending} errors={form.errors} />
      </SecretMaker>
      {list?.data.length === 0 && (
        <Text c="dimmed">
          <FormattedMessage id="dashboard.integrations.webhooks.none" />
        </Text>
      )}
      {list?.data.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} open={endpoint.id === opened} onSecret={setSecret} />
      ))}
    </Stack>
  );
}

/** An event's kind in words, with its name as sent. */
function EventName({ kind }: { kind: string }) {
  return (
    <>
      <FormattedMessage id={`dashboard.integrations.event.${kind}`} /> <Code dir="ltr">{kind}</Code>
    </>
  );
}

function EndpointCard({
  endpoint,
  open,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  open: boolean;
  onSecret: (secret: string) => void;
}) {
  const intl = useIntl();
  const { user } = useSession();
  const canEdit = hasPermission(user, 'integration-edit');
  const [showLog, setShowLog] = useState(open);
  const save = useSaveEndpoint();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const test = useSendTest();
  const state =
    endpoint.active && endpoint.paused_reason
      ? 'paused'
      : endpoint.active
        ? 'on'
        : endpoint.disabled_reason
          ? `disabled_${endpoint.disabled_reason}`
          : 'off';
  const replay = useReplay();
  // Turned on after the shop turned it off: what it missed since is a click away.
  const [missedSince, setMissedSince] = useState<string | null>(null);
  const toggle = (active: boolean) =>
    save.mutate(
      { id: endpoint.id, draft: { url: endpoint.url, events: endpoint.events, active } },
      {
        onSuccess: (saved) => {
          success(saved);
          if (active && endpoint.disabled_at) setMissedSince(endpoint.disabled_at);
        },
      },
    );

  return (
    <Paper withBorder p="md" data-testid="webhook-endpoint">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <Badge color={endpoint.active ? 'green' : 'gray'}>
            <FormattedMessage id={`dashboard.integrations.webhooks.state.${state}`} />
          </Badge>
        </Group>
        <Group gap="xs">
          {endpoint.events.map((kind) => (
            <Badge key={kind} variant="light" tt="none">
              <FormattedMessage id={`dashboard.integrations.event.${kind}`} />
            </Badge>
          ))}
        </Group>
        {endpoint.paused_reason && (
          <Text size="sm" c="orange.8" data-testid="webhook-paused">
            <FormattedMessage id={`dashboard.integrations.webhooks.paused.${endpoint.paused_reason}`} />
          </Text>
        )}
        {endpoint.created_by_name && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="dashboard.integrations.webhooks.maker" values={{ name: endpoint.created_by_name }} />
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {endpoint.last_success_at ? (
            <FormattedMessage
              id="dashboard.integrations.webhooks.last_success"
              values={{ at: <FormattedDate value={endpoint.last_success_at} {...MOMENT} /> }}
            />
          ) : (
            <FormattedMessage id="dashboard.integrations.webhooks.no_success" />
          )}{' '}
          {endpoint.failures_in_row > 0 && (
            <FormattedMessage
              id="dashboard.integrations.webhooks.failures"
              values={{ count: endpoint.failures_in_row }}
            />
          )}
        </Text>
        <Group gap="xs" wrap="wrap">
          {canEdit && (
            <Switch
              checked={endpoint.active}
              onChange={(event) => toggle(event.currentTarget.checked)}
              label={intl.formatMessage({ id: 'dashboard.integrations.webhooks.active' })}
            />
          )}
          <Button variant="light" size="compact-sm" onClick={() => setShowLog(!showLog)} aria-expanded={showLog}>
            <FormattedMessage id="dashboard.integrations.webhooks.log" />
          </Button>
          {canEdit && (
            <>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => test.mutate(endpoint.id, { onSuccess: success })}
              >
                <FormattedMessage id="dashboard.integrations.webhooks.test" />
              </Button>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() =>
                  rotate.mutate(endpoint.id, {
                    onSuccess: (rotated) => {
                      success(rotated);
                      onSecret(rotated.secret);
                    },
                  })
                }
              >
                <FormattedMessage id="dashboard.integrations.webhooks.rotate" />
              </Button>
            </>
          )}
          {hasPermission(user, 'integration-delete') && (
            <DeleteButton name={endpoint.url} onConfirm={() => remove.mutate(endpoint.id, { onSuccess: success })} />
          )}
        </Group>
        {missedSince && (
          <Alert color="blue" variant="light" data-testid="replay-missed">
            <Stack gap="xs">
              <Text size="sm">
                <FormattedMessage
                  id="dashboard.integrations.webhooks.missed"
                  values={{ at: <FormattedDate value={missedSince} {...MOMENT} /> }}
                />
              </Text>
              <Group>
                <Button
                  size="compact-sm"
                  loading={replay.isPending}
                  onClick={() =>
                    replay.mutate(
                      { endpoint: endpoint.id, since: missedSince },
                      {
                        onSuccess: (replayed) => {
                          success(replayed);
                          setMissedSince(null);
                        },
                      },
                    )
                  }
                >
                  <FormattedMessage id="dashboard.integrations.webhooks.replay_missed" />
                </Button>
                <Button size="compact-sm" variant="subtle" onClick={() => setMissedSince(null)}>
                  <FormattedMessage id="dashboard.integrations.webhooks.not_now" />
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {showLog && <DeliveryLog endpoint={endpoint.id} canEdit={canEdit} />}
      </Stack>
    </Paper>
  );
}

/** An endpoint's latest deliveries, each with its attempts; resend one, or replay since a day. */
function DeliveryLog({ endpoint, canEdit }: { endpoint: number; canEdit: boolean }) {
  const intl = useIntl();
  const deliveries = useQuery(integrationQueries.deliveries(endpoint)).data?.data;
  const resend = useResend();
  const replay = useReplay();
  const [since, setSince] = useState('');

  return (
    <Stack gap="xs" data-testid="delivery-log">
      {canEdit && (
        <Group align="end" wrap="wrap">
          <DateField
            label={intl.formatMessage({ id: 'dashboard.integrations.webhooks.replay_since' })}
            value={since}
            onChange={setSince}
          />
          <Button
            variant="light"
            disabled={!since}
            loading={replay.isPending}
            onClick={() => replay.mutate({ endpoint, since }, { onSuccess: success })}
          >
            <FormattedMessage id="dashboard.integrations.webhooks.replay" />
          </Button>
        </Group>
      )}
      {deliveries?.length === 0 && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="dashboard.integrations.webhooks.no_deliveries" />
        </Text>
      )}
      {deliveries?.map((delivery) => (
        <Paper key={delivery.id} withBorder p="sm" data-testid="webhook-delivery">
          <Stack gap={4}>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" fw={600}>
                <FormattedMessage id={`dashboard.integrations.event.${delivery.event}`} />
              </Text>
              <Badge color={delivery.state === 'sent' ? 'green' : delivery.state === 'failed' ? 'red' : 'yellow'}>
                <FormattedMessage id={`dashboard.integrations.delivery.${delivery.state}`} />
              </Badge>
            </Group>
            <Text size="xs" dir="ltr" ff="monospace">
              {delivery.event_id}
            </Text>
            {delivery.next_attempt_at && (
              <Text size="sm">
                <FormattedMessage
                  id="dashboard.integrations.delivery.next"
                  values={{ at: <FormattedDate value={delivery.next_attempt_at} {...MOMENT} /> }}
                />
              </Text>
            )}
            {delivery.attempts.map((attempt) => (
              <Text key={attempt.at} size="sm" c="dimmed">
                <FormattedMessage
                  id="dashboard.integrations.delivery.attempt"
                  values={{
                    at: <FormattedDate value={attempt.at} {...MOMENT} />,
                    status: attempt.status ?? '—',
                    outcome: intl.formatMessage({ id: `dashboard.integrations.outcome.${attempt.outcome}` }),
                    ms: attempt.duration_ms,
                  }}
                />{' '}
                {attempt.silence && <FormattedMessage id={`dashboard.integrations.silence.${attempt.silence}`} />}
                {attempt.response && <Code dir="ltr">{attempt.response}</Code>}
              </Text>
            ))}
            {canEdit && delivery.state !== 'pending' && (
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => resend.mutate({ endpoint, delivery: delivery.id }, { onSuccess: success })}
                >
                  <FormattedMessage id="dashboard.integrations.delivery.resend" />
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
