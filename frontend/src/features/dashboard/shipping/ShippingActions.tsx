import { useEffect } from 'react';
import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { SaveButton, useSaveAndReturn, NameFields } from '../FormParts';
import { staffCityQueries, useSaveCity, type CityFormValues } from './api';

/** Adds a shipping city (`/dashboard/shipping-actions`), or changes the one named by `?id=`:
 * its names in both languages, its base shipping cost, whether its buyers can pay in cash at
 * the door and the fee for it (none, flat or a percent), whether buyers can choose it. */
export function ShippingActions() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useQuery({ ...staffCityQueries.one(id ?? ''), enabled: !!id }).data?.data;
  const save = useSaveCity();
  const form = useForm<CityFormValues>({
    initialValues: {
      name_ar: '',
      name_en: '',
      shipping_cost: '',
      cod_accepted: true,
      cod_fee_kind: 'none',
      cod_fee: '',
      active: true,
    },
  });

  useEffect(() => {
    if (!existing) return;
    form.setValues({
      name_ar: existing.name_ar,
      name_en: existing.name_en,
      shipping_cost: String(existing.shipping_cost),
      cod_accepted: existing.cod.accepted,
      cod_fee_kind: existing.cod.fee_kind,
      cod_fee: existing.cod.fee_kind === 'none' ? '' : String(existing.cod.fee),
      active: existing.active,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill once when the city arrives
  }, [existing]);

  const submit = useSaveAndReturn(form, (values) => save.mutateAsync({ id, values }), '/dashboard/shipping');

  return (
    <form onSubmit={submit} noValidate data-testid="city-form">
      <Stack gap="sm" maw={640}>
        <Title order={2}>
          <FormattedMessage id={id ? 'dashboard.shipping.edit_title' : 'dashboard.shipping.add'} />
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NameFields form={form} />
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.shipping.cost' })}
            name="shipping_cost"
            inputMode="decimal"
            dir="ltr"
            {...form.getInputProps('shipping_cost')}
          />
        </SimpleGrid>
        <Checkbox
          label={intl.formatMessage({ id: 'dashboard.shipping.cod_accepted' })}
          {...form.getInputProps('cod_accepted', { type: 'checkbox' })}
        />
        {form.values.cod_accepted && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={intl.formatMessage({ id: 'dashboard.shipping.cod_fee_kind' })}
              name="cod_fee_kind"
              data={['none', 'flat', 'percent'].map((kind) => ({
                value: kind,
                label: intl.formatMessage({ id: `dashboard.shipping.cod_fee.${kind}` }),
              }))}
              {...form.getInputProps('cod_fee_kind')}
            />
            {form.values.cod_fee_kind !== 'none' && (
              <TextInput
                label={intl.formatMessage({ id: `dashboard.shipping.cod_fee_amount.${form.values.cod_fee_kind}` })}
                name="cod_fee"
                inputMode="decimal"
                dir="ltr"
                {...form.getInputProps('cod_fee')}
              />
            )}
          </SimpleGrid>
        )}
        <Checkbox
          label={intl.formatMessage({ id: 'dashboard.shipping.choosable' })}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <div>
          <SaveButton pending={save.isPending} errors={form.errors} />
        </div>
      </Stack>
    </form>
  );
}
