import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import type { OrderData } from '../api/types';

/** The units of an order still to return (what was received less what its returns not
 * refused hold), by product. */
function returnable(order: OrderData): Array<{ id: number; name: string; left: number }> {
  return order.items.flatMap((item) => {
    if (item.product_id == null) return [];
    const held = order.returns
      .filter((kept) => kept.state !== 'refused')
      .flatMap((kept) => kept.items)
      .filter((line) => line.product_id === item.product_id)
      .reduce((sum, line) => sum + line.quantity, 0);
    const left = item.quantity - held;
    return left > 0 ? [{ id: item.product_id, name: item.name, left }] : [];
  });
}

/** Asks to return units of a delivered order: how many of each line (up to what is left to
 * return) and why. `send` answers whether the request was kept; the form then empties. */
export function ReturnForm({
  order,
  submitLabel,
  send,
}: {
  order: OrderData;
  submitLabel: string;
  send: (items: Array<{ id: number; quantity: number }>, reason: string) => Promise<boolean>;
}) {
  const intl = useIntl();
  const lines = returnable(order);
  const [units, setUnits] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const items = lines
      .map((line) => ({ id: line.id, quantity: units[line.id] ?? 0 }))
      .filter((item) => item.quantity > 0);
    if (items.length === 0) {
      setError(intl.formatMessage({ id: 'orders.return.none_chosen' }));
      return;
    }
    setError(null);
    setSending(true);
    try {
      if (await send(items, reason)) {
        setUnits({});
        setReason('');
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="return-form">
      <Stack gap="xs">
        {lines.map((line) => (
          <NumberInput
            key={line.id}
            label={intl.formatMessage({ id: 'orders.return.units' }, { name: line.name })}
            min={0}
            max={line.left}
            clampBehavior="strict"
            allowDecimal={false}
            value={units[line.id] ?? 0}
            onChange={(value) => setUnits((current) => ({ ...current, [line.id]: Number(value) || 0 }))}
          />
        ))}
        <Textarea
          label={intl.formatMessage({ id: 'orders.return.reason' })}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
        />
        {error && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
        <div>
          <Button type="submit" loading={sending}>
            <FormattedMessage id={submitLabel} />
          </Button>
        </div>
      </Stack>
    </form>
  );
}
