import { useEffect } from 'react';
import { NativeSelect, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { SaveButton, useSaveAndReturn } from '../FormParts';
import { staffQueries, useSaveStaff, type StaffFormValues, type StaffKind } from './api';
import { useRoleName } from '../../../shared/ui/RoleName';

/** Adds an admin or a sales engineer (`/dashboard/admins-actions`, `/dashboard/sales-actions`),
 * or changes the one named by `?id=`: contacts, access role, and a password (required for a new
 * account; left empty, an account being changed keeps its own). */
export function StaffActions({ kind }: { kind: StaffKind }) {
  const intl = useIntl();
  const roleName = useRoleName();
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useQuery({ ...staffQueries.one(kind, id ?? ''), enabled: !!id }).data?.data;
  const roles = useQuery(staffQueries.roles()).data?.data ?? [];
  const save = useSaveStaff(kind);
  const form = useForm<StaffFormValues>({
    initialValues: { name: '', phone: '', email: '', password: '', role_id: '' },
  });
  const { setValues } = form;
  useEffect(() => {
    if (existing)
      setValues({
        name: existing.name,
        phone: existing.phone ?? '',
        email: existing.email ?? '',
        password: '',
        role_id: existing.access_role ? String(existing.access_role.id) : '',
      });
  }, [existing, setValues]);
  const submit = useSaveAndReturn(form, (values) => save.mutateAsync({ id, values }), `/dashboard/${kind}`);
  const title =
    kind === 'admins'
      ? id
        ? 'dashboard.admins.edit'
        : 'dashboard.admins.add'
      : id
        ? 'dashboard.sales.edit'
        : 'dashboard.sales.add';
  return (
    <form onSubmit={submit} noValidate data-testid="staff-form">
      <Stack gap="sm" maw={640}>
        <Title order={2}>
          <FormattedMessage id={title} />
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
          />
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.clients.email_optional' })}
            name="email"
            type="email"
            dir="ltr"
            {...form.getInputProps('email')}
          />
          <NativeSelect
            label={intl.formatMessage({ id: 'dashboard.staff.role' })}
            name="role_id"
            data={[
              { value: '', label: intl.formatMessage({ id: 'dashboard.staff.choose_role' }) },
              ...roles.map((role) => ({ value: String(role.id), label: roleName(role.name) })),
            ]}
            {...form.getInputProps('role_id')}
          />
          <PasswordInput
            label={intl.formatMessage({ id: id ? 'dashboard.staff.new_password' : 'dashboard.staff.password' })}
            name="password"
            {...form.getInputProps('password')}
          />
        </SimpleGrid>
        <div>
          <SaveButton pending={save.isPending} errors={form.errors} />
        </div>
      </Stack>
    </form>
  );
}

/** `/dashboard/admins-actions`. */
export const AdminsActions = () => <StaffActions kind="admins" />;
/** `/dashboard/sales-actions`. */
export const SalesActions = () => <StaffActions kind="sales" />;
