import { useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Address } from '../../shared/api/types';
import { usePrice } from '../../shared/format';
import { submitShowingErrors } from '../../shared/ui/mantine/submitShowingErrors';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { withLoading } from '../../shared/ui/loading';
import { CityPicker } from '../../shared/ui/CityPicker';
import { toast } from '../../shared/ui/toast';
import { addressQueries } from '../../shared/api/addresses';
import { useDeleteAddress, useSaveAddress, type AddressFormValues } from './api';
import { FormErrorsSummary } from '../../shared/ui/fields';

const EMPTY: AddressFormValues = {
  address: '',
  city_id: '',
  label: 'home',
  recipient_name: '',
  recipient_phone: '',
  landmark: '',
};

const LABELS = ['home', 'farm', 'shop'] as const;

/** The client's saved addresses, each shown as "city - address - cost" under what the client
 * calls it (home, farm, shop), with who takes the parcel there and the landmark; a form adds
 * one or changes the one picked. */
export function ShippingAddresses() {
  const intl = useIntl();
  const price = usePrice();
  const { language } = useLanguage();
  const addresses = useQuery(addressQueries.list(language));
  const [editing, setEditing] = useState<Address | null>(null);
  const form = useForm<AddressFormValues>({ initialValues: EMPTY });
  const save = useSaveAddress();
  const remove = useDeleteAddress();

  // The form follows the address picked.
  const pick = (address: Address | null) => {
    setEditing(address);
    form.setValues(
      address
        ? {
            address: address.address,
            city_id: String(address.shipping_city.id),
            label: address.label as AddressFormValues['label'],
            recipient_name: address.recipient_name ?? '',
            recipient_phone: address.recipient_phone ?? '',
            landmark: address.landmark ?? '',
          }
        : EMPTY,
    );
    form.clearErrors();
  };

  const submit = submitShowingErrors(form, async (values) => {
    const answer = await withLoading(save.mutateAsync({ id: editing?.id ?? null, values }));
    toast('success', answer.message);
    pick(null);
  });

  const list = addresses.data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="addresses.title" />
      </Title>
      {addresses.isSuccess && list.length === 0 && (
        <Text c="dimmed">
          <FormattedMessage id="addresses.empty" />
        </Text>
      )}
      {list.map((address) => (
        <Paper key={address.id} withBorder p="sm" data-testid="address">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Badge variant="light" data-testid="address-label">
                <FormattedMessage id={`account.address.label.${address.label}`} />
              </Badge>
              <Text style={{ overflowWrap: 'anywhere' }}>
                <FormattedMessage
                  id="addresses.line"
                  values={{
                    city: address.shipping_city.name,
                    address: address.address,
                    cost: price(address.shipping_city.shipping_cost),
                  }}
                />
              </Text>
              {address.landmark && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  <FormattedMessage id="account.address.near" values={{ landmark: address.landmark }} />
                </Text>
              )}
              {address.recipient_name && (
                <Text size="sm" c="dimmed" data-testid="address-recipient">
                  <FormattedMessage
                    id="account.address.taken_by"
                    values={{ name: address.recipient_name, phone: <bdi dir="ltr">{address.recipient_phone}</bdi> }}
                  />
                </Text>
              )}
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Button variant="subtle" size="compact-sm" onClick={() => pick(address)}>
                <FormattedMessage id="addresses.edit" />
              </Button>
              <Button
                variant="subtle"
                color="red.9"
                size="compact-sm"
                onClick={() => {
                  if (
                    !window.confirm(
                      intl.formatMessage({ id: 'addresses.confirm_delete' }, { address: address.address }),
                    )
                  )
                    return;
                  remove.mutate(address.id, {
                    onSuccess: (answer) => {
                      toast('success', answer.message);
                      if (editing?.id === address.id) pick(null);
                    },
                  });
                }}
              >
                <FormattedMessage id="addresses.delete" />
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate data-testid="address-form">
          <Stack gap="sm">
            <Title order={3}>
              <FormattedMessage id={editing ? 'addresses.edit_title' : 'addresses.add_title'} />
            </Title>
            <CityPicker {...form.getInputProps('city_id')} />
            <TextInput
              label={intl.formatMessage({ id: 'addresses.address' })}
              name="address"
              autoComplete="street-address"
              {...form.getInputProps('address')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'account.address.landmark' })}
              name="landmark"
              {...form.getInputProps('landmark')}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="address-label-title">
                <FormattedMessage id="account.address.label" />
              </Text>
              <SegmentedControl
                aria-labelledby="address-label-title"
                data={LABELS.map((label) => ({
                  value: label,
                  label: intl.formatMessage({ id: `account.address.label.${label}` }),
                }))}
                {...form.getInputProps('label')}
              />
            </Stack>
            <TextInput
              label={intl.formatMessage({ id: 'account.address.recipient_name' })}
              description={intl.formatMessage({ id: 'account.address.recipient_hint' })}
              name="recipient_name"
              {...form.getInputProps('recipient_name')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'account.address.recipient_phone' })}
              name="recipient_phone"
              type="tel"
              inputMode="tel"
              dir="ltr"
              {...form.getInputProps('recipient_phone')}
            />
            <FormErrorsSummary errors={form.errors} />
            <Group>
              <Button type="submit" loading={save.isPending}>
                <FormattedMessage id="addresses.save" />
              </Button>
              {editing && (
                <Button variant="default" onClick={() => pick(null)}>
                  <FormattedMessage id="addresses.cancel" />
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
