import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
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
import { addressQueries, useDeleteAddress, useSaveAddress, type AddressFormValues } from '../../shared/api/addresses';
import { FormErrorsSummary } from '../../shared/ui/fields';

const EMPTY: AddressFormValues = { address: '', city_id: '' };

/** The client's saved addresses, each shown as "city - address - cost", with a form to add
 * one or change the one picked. */
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
    form.setValues(address ? { address: address.address, city_id: String(address.shipping_city.id) } : EMPTY);
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
              {...form.getInputProps('address')}
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
