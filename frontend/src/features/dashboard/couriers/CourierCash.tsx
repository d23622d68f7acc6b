import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ApiError, report } from '../../../shared/api/client';
import { DAY, usePrice } from '../../../shared/format';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { courierCashQuery, useRecordRemittance, type CourierCash as Cash } from './api';

/** Cash with couriers (`/dashboard/courier-cash`): what each courier collected on delivered
 * parcels and has not handed over, with the age of the oldest; staff who may edit shipping tick
 * the parcels a payment settles and record it. */
export function CourierCash() {
  const couriers = useQuery(courierCashQuery).data?.data;
  const { user } = useSession();
  const mayRecord = hasPermission(user, 'shipping-edit');
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="dashboard.courier_cash.title" />
      </Title>
      {couriers?.length === 0 && (
        <Text>
          <FormattedMessage id="dashboard.courier_cash.none" />
        </Text>
      )}
      {couriers?.map((cash) => (
        <CourierCard key={`${cash.courier}-${cash.courier_name}`} cash={cash} mayRecord={mayRecord} />
      ))}
    </Stack>
  );
}

/** One courier's cash, its parcels and the payment form. */
function CourierCard({ cash, mayRecord }: { cash: Cash; mayRecord: boolean }) {
  const intl = useIntl();
  const price = usePrice();
  const record = useRecordRemittance();
  const [chosen, setChosen] = useState<number[]>([]);
  const [amount, setAmount] = useState('');
  // The sum of the ticked parcels fills the amount until staff type one of their own.
  const [amountTyped, setAmountTyped] = useState(false);
  const [note, setNote] = useState('');
  const choose = (ids: number[]) => {
    setChosen(ids);
    if (amountTyped) return;
    const owed = cash.parcels
      .filter((parcel) => ids.includes(parcel.order_id))
      .reduce((sum, parcel) => sum + parcel.amount, 0);
    setAmount(ids.length === 0 ? '' : String(Math.round(owed * 100) / 100));
  };
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () =>
    record.mutate(
      { courier: cash.courier, courierName: cash.courier_name, amount, orderIds: chosen, note },
      {
        onSuccess: (answer) => {
          toast('success', answer.message ?? '');
          setChosen([]);
          setAmount('');
          setAmountTyped(false);
          setNote('');
          setErrors({});
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) setErrors(error.firstMessages());
          else if (error instanceof ApiError) report(error);
        },
      },
    );

  return (
    <Paper withBorder p="md" data-testid="courier-cash">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={4}>
            <bdi>{cash.courier_name}</bdi>
          </Title>
          <Group gap="xs">
            <Text fw={600} data-testid="courier-cash-total">
              {price(cash.total)}
            </Text>
            <Badge color={cash.oldest_days > 7 ? 'red.8' : 'gray.7'}>
              <FormattedMessage id="dashboard.courier_cash.oldest" values={{ days: cash.oldest_days }} />
            </Badge>
          </Group>
        </Group>
        {cash.parcels.map((parcel) => (
          <Checkbox
            key={parcel.order_id}
            disabled={!mayRecord}
            checked={chosen.includes(parcel.order_id)}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              choose(checked ? [...chosen, parcel.order_id] : chosen.filter((id) => id !== parcel.order_id));
            }}
            label={
              <span>
                <bdi dir="ltr">{parcel.number}</bdi> · {price(parcel.amount)} ·{' '}
                <FormattedDate value={parcel.delivered_at} {...DAY} />
                {parcel.mismatch && parcel.collected != null && (
                  <Text component="span" c="red.8" fw={600} data-testid="cash-mismatch">
                    {' · '}
                    <FormattedMessage
                      id="dashboard.courier_cash.mismatch"
                      values={{ collected: price(parcel.collected) }}
                    />
                  </Text>
                )}
              </span>
            }
            data-testid="cash-parcel"
          />
        ))}
        {errors.order_ids && (
          <Text size="sm" c="red.8" role="alert">
            {errors.order_ids}
          </Text>
        )}
        {mayRecord && (
          <Group align="end" wrap="wrap">
            <TextInput
              label={intl.formatMessage({ id: 'dashboard.courier_cash.amount' })}
              value={amount}
              onChange={(event) => {
                setAmount(event.currentTarget.value);
                setAmountTyped(true);
              }}
              error={errors.amount}
              inputMode="decimal"
              data-testid="remittance-amount"
            />
            <TextInput
              label={intl.formatMessage({ id: 'dashboard.courier_cash.note' })}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={errors.note}
              maxLength={2000}
            />
            <Button loading={record.isPending} onClick={submit} data-testid="record-remittance">
              <FormattedMessage id="dashboard.courier_cash.record" />
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
