import { useEffect } from 'react';
import { NativeSelect, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { hasPermission, useSession } from '../../../shared/session/session';
import { CityPicker } from '../../../shared/ui/CityPicker';
import { SaveButton, useSaveAndReturn } from '../FormParts';
import { staffQueries } from '../staff/api';
import { clientQueries, useSaveClient, type ClientFormValues } from './api';

const EMPTY: ClientFormValues = {
  name: '',
  phone: '',
  email: '',
  city_id: '',
  group_id: '',
  sales_engineer_id: '',
  password: '',
};

/** Adds a client (`/dashboard/users-actions`), or changes the one named by `?id=`: their
 * contacts, city, group and sales engineer; a new client may get a first password. */
export function UsersActions() {
  const intl = useIntl();
  const { user } = useSession();
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useQuery({ ...clientQueries.one(id ?? ''), enabled: !!id }).data?.data;
  const groups = useQuery(clientQueries.groups()).data?.data ?? [];
  const canAssign = hasPermission(user, 'sales-list') && user?.role !== 'sales';
  // A client's phone and e-mail are their login: only `client-contact-edit` changes them.
  const contactLocked = !!id && !hasPermission(user, 'client-contact-edit');
  const locked = contactLocked
    ? { readOnly: true, description: intl.formatMessage({ id: 'dashboard.clients.contact_locked' }) }
    : {};
  const engineers = useQuery({ ...staffQueries.engineers(), enabled: canAssign }).data?.data ?? [];
  const save = useSaveClient();
  const form = useForm<ClientFormValues>({ initialValues: EMPTY });
  const { setValues } = form;
  useEffect(() => {
    if (!existing) return;
    setValues({
      name: existing.name,
      phone: existing.phone ?? '',
      email: existing.email ?? '',
      city_id: existing.city ? String(existing.city.id) : '',
      group_id: existing.group ? String(existing.group.id) : '',
      sales_engineer_id: existing.sales_engineer ? String(existing.sales_engineer.id) : '',
      password: '',
    });
  }, [existing, setValues]);
  const submit = useSaveAndReturn(
    form,
    (values) => save.mutateAsync({ id, values }),
    id ? `/dashboard/users/${id}` : '/dashboard/users',
  );

  return (
    <form onSubmit={submit} noValidate data-testid="client-form">
      <Stack gap="sm" maw={640}>
        <Title order={2}>
          <FormattedMessage id={id ? 'dashboard.clients.edit' : 'dashboard.clients.add'} />
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.clients.name' })}
            name="name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.clients.phone' })}
            name="phone"
            inputMode="tel"
            dir="ltr"
            {...form.getInputProps('phone')}
            {...locked}
          />
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.clients.email_optional' })}
            name="email"
            type="email"
            dir="ltr"
            {...form.getInputProps('email')}
            {...locked}
          />
          <CityPicker {...form.getInputProps('city_id')} />
          <NativeSelect
            label={intl.formatMessage({ id: 'dashboard.clients.group' })}
            name="group_id"
            data={[
              { value: '', label: intl.formatMessage({ id: 'dashboard.clients.no_group' }) },
              ...groups.map((group) => ({ value: String(group.id), label: group.name })),
            ]}
            {...form.getInputProps('group_id')}
          />
          {canAssign && (
            <NativeSelect
              label={intl.formatMessage({ id: 'dashboard.clients.engineer' })}
              name="sales_engineer_id"
              data={[
                { value: '', label: intl.formatMessage({ id: 'dashboard.clients.default_engineer' }) },
                ...engineers.map((engineer) => ({ value: String(engineer.id), label: engineer.name })),
              ]}
              {...form.getInputProps('sales_engineer_id')}
            />
          )}
          {!id && (
            <PasswordInput
              label={intl.formatMessage({ id: 'dashboard.clients.first_password' })}
              name="password"
              {...form.getInputProps('password')}
            />
          )}
        </SimpleGrid>
        <div>
          <SaveButton pending={save.isPending} errors={form.errors} />
        </div>
      </Stack>
    </form>
  );
}
