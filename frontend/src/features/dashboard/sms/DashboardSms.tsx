import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { shippingCityQueries } from '../../../shared/api/cities';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { hasPermission, useSession } from '../../../shared/session/session';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { clientQueries } from '../clients/api';
import { ListPages } from '../FormParts';
import { smsQueries, useSendSms, type AudienceChoice, type Broadcast } from './api';
import { sentText, smsSize } from './parts';
import { DAY } from '../../../shared/format';

// Written out so the message-id test sees every id.
const AUDIENCES: Record<AudienceChoice['kind'], string> = {
  all: 'dashboard.sms.audience.all',
  group: 'dashboard.sms.audience.group',
  city: 'dashboard.sms.audience.city',
  verified: 'dashboard.sms.audience.verified',
};
const STATUS_LABELS: Record<string, string> = {
  queued: 'dashboard.sms.status.queued',
  sending: 'dashboard.sms.status.sending',
  done: 'dashboard.sms.status.done',
  failed: 'dashboard.sms.status.failed',
};
const STATUS_COLOURS: Record<string, string> = { queued: 'gray', sending: 'blue', done: 'green', failed: 'red' };

/** SMS to clients (`/dashboard/sms`): a message in either language with a live count of its
 * characters and parts, an audience (all clients, a group, a city, the verified) with how many
 * it reaches and the parts in all (its opt-out line included) before sending, the send with
 * its progress bar, and the broadcasts sent before. */
export function DashboardSms() {
  const { user } = useSession();
  const [sent, setSent] = useState<number | null>(null);
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="dashboard.sms.title" />
      </Title>
      {hasPermission(user, 'sms-send') && <Composer onSent={setSent} />}
      {sent !== null && <BroadcastProgress id={sent} />}
      <History />
    </Stack>
  );
}

function Composer({ onSent }: { onSent: (id: number) => void }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<AudienceChoice>({ kind: 'all', id: '' });
  const groups = useQuery(clientQueries.groups()).data?.data ?? [];
  const cities = useQuery(shippingCityQueries.list(language)).data?.data ?? [];
  const [typed] = useDebouncedValue(message, 400);
  const ready = typed.trim() !== '' && (audience.kind === 'all' || audience.kind === 'verified' || audience.id !== '');
  const preview = useQuery({ ...smsQueries.preview(typed, audience), enabled: ready });
  const send = useSendSms();
  const lines = useQuery(smsQueries.optOutLines()).data;
  // What each client is sent and the shop pays for: the message with its opt-out line.
  const size = smsSize(message.trim() === '' || lines === undefined ? message : sentText(message, lines));
  const options =
    audience.kind === 'group'
      ? groups.map((group) => ({ value: String(group.id), label: group.name }))
      : cities.map((city) => ({ value: String(city.id), label: city.name }));

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Textarea
          label={intl.formatMessage({ id: 'dashboard.sms.message' })}
          autosize
          minRows={3}
          maxLength={670}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          data-testid="sms-message"
        />
        <Text size="sm" c="dimmed" data-testid="sms-counter">
          <FormattedMessage
            id="dashboard.sms.counter"
            values={{
              characters: size.units,
              parts: size.parts,
              encoding: intl.formatMessage({ id: `dashboard.sms.encoding.${size.encoding}` }),
            }}
          />
        </Text>
        <SegmentedControl
          value={audience.kind}
          onChange={(kind) => setAudience({ kind: kind as AudienceChoice['kind'], id: '' })}
          data={Object.entries(AUDIENCES).map(([value, id]) => ({ value, label: intl.formatMessage({ id }) }))}
          data-testid="sms-audience"
        />
        {(audience.kind === 'group' || audience.kind === 'city') && (
          <NativeSelect
            aria-label={intl.formatMessage({ id: AUDIENCES[audience.kind] })}
            value={audience.id}
            onChange={(event) => setAudience({ ...audience, id: event.currentTarget.value })}
            data={[{ value: '', label: intl.formatMessage({ id: 'dashboard.sms.choose' }) }, ...options]}
            data-testid="sms-audience-id"
          />
        )}
        {ready && preview.data && (
          <Alert color="blue" data-testid="sms-preview">
            <FormattedMessage
              id="dashboard.sms.preview"
              values={{
                recipients: preview.data.data.recipients,
                parts: preview.data.data.parts,
                total: preview.data.data.total_parts,
                opted_out: preview.data.data.opted_out,
              }}
            />
          </Alert>
        )}
        <div>
          <Button
            disabled={!ready || !preview.data || preview.data.data.recipients === 0}
            loading={send.isPending}
            data-testid="sms-send"
            onClick={async () => {
              const recipients = preview.data?.data.recipients ?? 0;
              if (!window.confirm(intl.formatMessage({ id: 'dashboard.sms.confirm' }, { recipients }))) return;
              const answer = await withLoading(send.mutateAsync({ message: message.trim(), audience }));
              toast('success', answer.message);
              setMessage('');
              onSent(answer.data.id);
            }}
          >
            <FormattedMessage id="dashboard.sms.send" />
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

/** How far a broadcast got: a bar that fills as the job sends. */
function BroadcastProgress({ id }: { id: number }) {
  const broadcast = useQuery(smsQueries.one(id)).data?.data;
  if (!broadcast) return null;
  const done = broadcast.sent + broadcast.failed + broadcast.skipped_opted_out;
  const percent = broadcast.total === 0 ? 100 : Math.round((done * 100) / broadcast.total);
  return (
    <Paper withBorder p="md" data-testid="sms-progress" data-status={broadcast.status}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            <FormattedMessage id="dashboard.sms.progress" />
          </Text>
          <StatusBadge status={broadcast.status} />
        </Group>
        <Progress
          value={percent}
          animated={broadcast.status === 'sending' || broadcast.status === 'queued'}
          aria-label={`${percent}%`}
        />
        <Text size="sm">
          <FormattedMessage
            id="dashboard.sms.counts"
            values={{
              sent: broadcast.sent,
              total: broadcast.total,
              failed: broadcast.failed,
              skipped: broadcast.skipped_opted_out,
            }}
          />
        </Text>
      </Stack>
    </Paper>
  );
}

function StatusBadge({ status }: { status: Broadcast['status'] }) {
  const intl = useIntl();
  return (
    <Badge color={STATUS_COLOURS[status]}>
      {intl.formatMessage({ id: STATUS_LABELS[status] ?? STATUS_LABELS.queued })}
    </Badge>
  );
}

/** The broadcasts sent before, newest first. */
function History() {
  const [page, setPage] = useState(1);
  const list = useQuery(smsQueries.list(page)).data;
  return (
    <>
      <Title order={3}>
        <FormattedMessage id="dashboard.sms.history" />
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Tbody>
            {list?.data.map((broadcast) => (
              <Table.Tr key={broadcast.id} data-testid="sms-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <FormattedDate value={broadcast.created_at} {...DAY} />
                </Table.Td>
                {/* As the staff member wrote it, digits and all. */}
                <Table.Td data-typed>{broadcast.message}</Table.Td>
                <Table.Td>
                  <FormattedMessage
                    id="dashboard.sms.counts"
                    values={{
                      sent: broadcast.sent,
                      total: broadcast.total,
                      failed: broadcast.failed,
                      skipped: broadcast.skipped_opted_out,
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={broadcast.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPages lastPage={list?.meta.last_page} page={page} onChange={setPage} />
    </>
  );
}
