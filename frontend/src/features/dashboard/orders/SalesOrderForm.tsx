import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useAttemptKey } from '../../../shared/api/attempt';
import { ApiError, answer, api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { CityPicker } from '../../../shared/ui/CityPicker';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { clientQueries } from '../clients/api';
import { OrderLinesPicker, linesBody, type PickedLine } from './OrderLinesPicker';

/** What staff send: a client's checkout with its lines. */
type SalesOrderBody = components['schemas']['SalesOrderRequest'];

/** A staff member orders for a client (`/dashboard/sales-orders-actions`): pick the client (a
 * sales engineer, among their own), the products and quantities, and one of the client's
 * addresses or a new one. The order goes through the same checkout as the client's own (stock,
 * promo codes), under one `Idempotency-Key` per attempt, and opens on its page. */
export function SalesOrderForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [clientSearch, setClientSearch] = useState('');
  const [typedClient] = useDebouncedValue(clientSearch, 300);
  const clients =
    useQuery(
      clientQueries.list({
        search: typedClient,
        status: 'verified',
        city: '',
        group: '',
        sales_engineer_id: '',
        page: 1,
      }),
    ).data?.data ?? [];
  const [client, setClient] = useState<string | null>(null);
  const addresses = useQuery({ ...clientQueries.addresses(client ?? ''), enabled: !!client }).data?.data ?? [];
  const [lines, setLines] = useState<PickedLine[]>([]);
  const [addressId, setAddressId] = useState('');
  const [address, setAddress] = useState('');
  const [cityId, setCityId] = useState('');
  const [notes, setNotes] = useState('');
  const [copoun, setCopoun] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const attempt = useAttemptKey();
  const place = useMutation({
    mutationFn: (body: SalesOrderBody) =>
      answer(
        api.POST('/api/dashboard/sales-orders', {
          body,
          params: { header: { 'Idempotency-Key': attempt.keyFor(body) } },
        }),
        { silent: true },
      ),
  });

  const submit = async () => {
    const body: SalesOrderBody = {
      user_id: client ? Number(client) : null,
      items: linesBody(lines),
      ...(addressId ? { address_id: Number(addressId) } : { address, city_id: cityId ? Number(cityId) : null }),
      type: 'self',
      notes,
      copoun: copoun || null,
    };
    try {
      const answer = await withLoading(place.mutateAsync(body));
      attempt.settle();
      toast('success', answer.message);
      navigate(`/dashboard/orders-actions?id=${answer.data.id}`);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        toast('error', intl.formatMessage({ id: 'errors.network' }));
        return;
      }
      attempt.settle();
      setErrors(error.firstMessages());
      if (Object.keys(error.errors).length === 0) toast('error', error.message);
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>
        <FormattedMessage id="dashboard.sales_order.new" />
      </Title>
      <Select
        label={intl.formatMessage({ id: 'dashboard.sales_order.client' })}
        placeholder={intl.formatMessage({ id: 'dashboard.clients.search' })}
        searchable
        searchValue={clientSearch}
        onSearchChange={setClientSearch}
        filter={({ options }) => options}
        data={clients.map((one) => ({ value: String(one.id), label: `${one.name} — ${one.phone ?? one.email ?? ''}` }))}
        value={client}
        onChange={(value) => {
          setClient(value);
          setAddressId('');
        }}
        error={errors.user_id}
        data-testid="sales-order-client"
      />
      <Paper withBorder p="md">
        <OrderLinesPicker lines={lines} onChange={setLines} error={errors.items} />
      </Paper>
      {client && (
        <NativeSelect
          label={intl.formatMessage({ id: 'dashboard.sales_order.address' })}
          value={addressId}
          onChange={(event) => setAddressId(event.currentTarget.value)}
          data={[
            { value: '', label: intl.formatMessage({ id: 'dashboard.sales_order.new_address' }) },
            ...addresses.map((saved) => ({
              value: String(saved.id),
              label: `${saved.shipping_city.name} — ${saved.address}`,
            })),
          ]}
          error={errors.address_id}
        />
      )}
      {!addressId && (
        <Group grow align="start">
          <TextInput
            label={intl.formatMessage({ id: 'addresses.address' })}
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            error={errors.address}
            name="address"
          />
          <CityPicker
            value={cityId}
            onChange={(event) => setCityId(event.currentTarget.value)}
            error={errors.city_id}
          />
        </Group>
      )}
      <TextInput
        label={intl.formatMessage({ id: 'checkout.promo' })}
        dir="ltr"
        value={copoun}
        onChange={(event) => setCopoun(event.currentTarget.value)}
        error={errors.copoun}
      />
      <Textarea
        label={intl.formatMessage({ id: 'checkout.notes' })}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
        error={errors.notes}
      />
      {errors.expected_total && <Alert color="orange">{errors.expected_total}</Alert>}
      <div>
        <Button
          onClick={submit}
          disabled={!client || lines.length === 0}
          loading={place.isPending}
          data-testid="place-sales-order"
        >
          <FormattedMessage id="dashboard.sales_order.place" />
        </Button>
      </div>
    </Stack>
  );
}
