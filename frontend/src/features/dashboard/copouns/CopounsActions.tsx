import { useEffect } from 'react';
import { Checkbox, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { SaveButton, useSaveAndReturn } from '../FormParts';
import { staffCopounQueries, useSaveCopoun, type CopounFormValues } from './api';
import { DateField } from '../DateField';

const EMPTY: CopounFormValues = {
  code: '',
  type: 'percent',
  value: '',
  min_subtotal: '',
  max_discount: '',
  starts_at: '',
  expires_at: '',
  usage_limit: '',
  per_user_limit: '',
  active: true,
};

/** Adds a promo code (`/dashboard/copouns-actions`), or changes the one named by `?id=`: what
 * it takes off, its minimum and cap, its dates and its limits. */
export function CopounsActions() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useQuery({ ...staffCopounQueries.one(id ?? ''), enabled: !!id }).data?.data;
  const save = useSaveCopoun();
  const form = useForm<CopounFormValues>({ initialValues: EMPTY });

  useEffect(() => {
    if (!existing) return;
    const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));
    form.setValues({
      code: existing.code,
      type: existing.type === 'fixed' ? 'fixed' : 'percent',
      value: String(existing.value),
      min_subtotal: text(existing.min_subtotal),
      max_discount: text(existing.max_discount),
      starts_at: text(existing.starts_at).slice(0, 10),
      expires_at: text(existing.expires_at).slice(0, 10),
      usage_limit: text(existing.usage_limit),
      per_user_limit: text(existing.per_user_limit),
      active: existing.active,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill once when the code arrives
  }, [existing]);

  const submit = useSaveAndReturn(form, (values) => save.mutateAsync({ id, values }), '/dashboard/copouns');
  const field = (name: keyof CopounFormValues, label: string, inputMode: 'decimal' | 'numeric' | 'text') => (
    <TextInput
      label={intl.formatMessage({ id: label })}
      name={name}
      inputMode={inputMode}
      dir="ltr"
      {...form.getInputProps(name)}
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="copoun-form">
      <Stack gap="sm" maw={640}>
        <Title order={2}>
          <FormattedMessage id={id ? 'dashboard.copouns.edit_title' : 'dashboard.copouns.add'} />
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('code', 'dashboard.copouns.code', 'text')}
          <NativeSelect
            label={intl.formatMessage({ id: 'dashboard.copouns.type' })}
            name="type"
            data={[
              { value: 'percent', label: intl.formatMessage({ id: 'dashboard.copouns.percent' }) },
              { value: 'fixed', label: intl.formatMessage({ id: 'dashboard.copouns.fixed' }) },
            ]}
            {...form.getInputProps('type')}
          />
          {field('value', 'dashboard.copouns.value', 'decimal')}
          {field('min_subtotal', 'dashboard.copouns.min_subtotal', 'decimal')}
          {field('max_discount', 'dashboard.copouns.max_discount', 'decimal')}
          {field('usage_limit', 'dashboard.copouns.usage_limit', 'numeric')}
          {field('per_user_limit', 'dashboard.copouns.per_user_limit', 'numeric')}
          <DateField
            label={intl.formatMessage({ id: 'dashboard.offers.starts_at' })}
            name="starts_at"
            {...form.getInputProps('starts_at')}
          />
          <DateField
            label={intl.formatMessage({ id: 'dashboard.copouns.expires_at' })}
            name="expires_at"
            {...form.getInputProps('expires_at')}
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
