import { useEffect, useState } from 'react';
import { Card, Checkbox, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { showServerErrors } from '../../../shared/forms';
import { hasPermission, useSession } from '../../../shared/session/session';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { SaveButton, useSaveAndReturn } from '../FormParts';
import { staffPointsQueries, useAdjustPoints, useSaveRule, type AdjustFormValues, type RuleFormValues } from './api';
import { Pages } from '../../../shared/ui/mantine/Pages';
import { DAY } from '../../../shared/format';

// Written out so the message-id test sees every id.
const KIND_LABELS: Record<string, string> = {
  earn: 'points.kind.earn',
  exchange: 'points.kind.exchange',
  adjust: 'points.kind.adjust',
  expire: 'points.kind.expire',
};

/** Staff's points actions (`/dashboard/user-points-actions`): with `?user=` a client's points,
 * their ledger and an adjustment with its reason; otherwise a rule, added or (with `?id=`)
 * changed. */
export function PointsActions() {
  const [params] = useSearchParams();
  const user = params.get('user');
  return user ? <ClientPointsScreen user={user} /> : <RuleForm id={params.get('id')} />;
}

function RuleForm({ id }: { id: string | null }) {
  const intl = useIntl();
  const existing = useQuery({ ...staffPointsQueries.rule(id ?? ''), enabled: !!id }).data?.data;
  const save = useSaveRule();
  const form = useForm<RuleFormValues>({ initialValues: { points: '', discount: '', active: true } });
  const { setValues } = form;
  useEffect(() => {
    if (existing)
      setValues({ points: String(existing.points), discount: String(existing.discount), active: existing.active });
  }, [existing, setValues]);
  const submit = useSaveAndReturn(form, (values) => save.mutateAsync({ id, values }), '/dashboard/points');
  return (
    <form onSubmit={submit} noValidate data-testid="points-rule-form">
      <Stack gap="sm" maw={480}>
        <Title order={2}>
          <FormattedMessage id={id ? 'dashboard.points.edit_rule' : 'dashboard.points.add_rule'} />
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.points.points' })}
            name="points"
            inputMode="numeric"
            dir="ltr"
            {...form.getInputProps('points')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.points.discount' })}
            name="discount"
            inputMode="numeric"
            dir="ltr"
            {...form.getInputProps('discount')}
          />
        </SimpleGrid>
        <Checkbox
          label={intl.formatMessage({ id: 'dashboard.offers.status.active' })}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <div>
          <SaveButton pending={save.isPending} errors={form.errors} />
        </div>
      </Stack>
    </form>
  );
}

function ClientPointsScreen({ user }: { user: string }) {
  const intl = useIntl();
  const { user: staff } = useSession();
  const [page, setPage] = useState(1);
  const answer = useQuery(staffPointsQueries.client(user, page)).data;
  const adjust = useAdjustPoints();
  const form = useForm<AdjustFormValues>({ initialValues: { delta: '', reason: '' } });
  const submit = form.onSubmit(async (values) => {
    try {
      const done = await withLoading(adjust.mutateAsync({ user, values }));
      toast('success', done.message);
      form.reset();
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  const client = answer?.data.client;

  return (
    <Stack gap="md">
      <Title order={2}>{client?.name}</Title>
      {client && (
        <Card withBorder padding="md">
          <Text c="dimmed" dir="ltr" ta="start">
            {client.phone ?? client.email}
          </Text>
          <Text fz={28} fw={700} data-testid="client-points">
            <FormattedMessage id="points.balance_value" values={{ points: client.points }} />
          </Text>
        </Card>
      )}
      {hasPermission(staff, 'points-adjust') && (
        <form onSubmit={submit} noValidate data-testid="adjust-form">
          <Stack gap="sm" maw={560}>
            <Title order={3}>
              <FormattedMessage id="dashboard.points.adjust" />
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={intl.formatMessage({ id: 'dashboard.points.delta' })}
                description={intl.formatMessage({ id: 'dashboard.points.delta_hint' })}
                name="delta"
                inputMode="numeric"
                dir="ltr"
                {...form.getInputProps('delta')}
              />
              <TextInput
                label={intl.formatMessage({ id: 'dashboard.points.reason' })}
                name="reason"
                {...form.getInputProps('reason')}
              />
            </SimpleGrid>
            <div>
              <SaveButton pending={adjust.isPending} />
            </div>
          </Stack>
        </form>
      )}
      <Title order={3}>
        <FormattedMessage id="points.history" />
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table striped>
          <Table.Tbody>
            {answer?.data.ledger.map((entry) => (
              <Table.Tr key={entry.id} data-testid="client-points-entry">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <FormattedDate value={entry.at} {...DAY} />
                </Table.Td>
                <Table.Td>
                  {intl.formatMessage({ id: KIND_LABELS[entry.kind] ?? 'points.kind.adjust' }, { note: entry.note })}
                </Table.Td>
                <Table.Td dir="ltr" fw={600} c={entry.points > 0 ? 'green.9' : 'red.9'}>
                  {entry.points > 0 ? '+' : ''}
                  {intl.formatNumber(entry.points)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pages total={answer?.meta.last_page} value={page} onChange={setPage} />
    </Stack>
  );
}
