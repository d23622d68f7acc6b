import { useState } from 'react';
import { Alert, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/client';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { SaveButton } from '../FormParts';
import { focusFirstInvalid } from '../../../shared/forms';
import { staffQueries, useSaveRole, type Role } from '../staff/api';
import { byResource, splitPermission } from './permissions';

/** The built-in role that holds every permission, whose boxes stay ticked. */
const SUPER_ADMIN = 'Super Admin';

/** Adds a role (`/dashboard/roles-actions`) or changes the one named by `?id=`: its name and
 * its permissions as checkboxes grouped by resource. A built-in role keeps its name, and
 * `Super Admin` every permission. */
export function RolesActions() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useQuery({ ...staffQueries.role(id ?? ''), enabled: !!id }).data?.data;
  if (id && !existing) return null;
  return <RoleForm key={existing?.id ?? 'new'} existing={existing} />;
}

/** The form, filled from the role once it is read. */
function RoleForm({ existing }: { existing: Role | undefined }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const id = existing ? String(existing.id) : null;
  const all = useQuery(staffQueries.permissions()).data?.data ?? [];
  const save = useSaveRole();
  const [name, setName] = useState(existing?.name ?? '');
  const [chosen, setChosen] = useState<string[]>(existing?.permissions ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const locked = existing?.name === SUPER_ADMIN;
  const toggle = (permission: string, on: boolean) =>
    setChosen((current) => (on ? [...current, permission] : current.filter((held) => held !== permission)));

  return (
    <form
      noValidate
      data-testid="role-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        try {
          const answer = await withLoading(
            save.mutateAsync({ id, name, permissions: all.filter((permission) => chosen.includes(permission)) }),
          );
          toast('success', answer.message);
          navigate('/dashboard/roles');
        } catch (error) {
          if (error instanceof ApiError && error.status === 422) setErrors(error.firstMessages());
          focusFirstInvalid(form);
        }
      }}
    >
      <Stack gap="md">
        <Title order={2}>
          <FormattedMessage id={id ? 'dashboard.roles.edit' : 'dashboard.roles.add'} />
        </Title>
        <TextInput
          maw={420}
          label={intl.formatMessage({ id: 'dashboard.roles.role_name' })}
          name="name"
          value={name}
          disabled={existing?.built_in}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        {locked && (
          <Alert color="blue">
            <FormattedMessage id="dashboard.roles.super_admin_note" />
          </Alert>
        )}
        {errors.permissions && (
          <Text c="red" size="sm">
            {errors.permissions}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {byResource(all).map(([resource, permissions]) => (
            <Paper key={resource} withBorder p="sm" data-testid={`permissions-${resource}`}>
              <Text fw={600} mb="xs">
                <FormattedMessage id={`dashboard.roles.resource.${resource}`} />
              </Text>
              <Group gap="sm">
                {permissions.map((permission) => (
                  <Checkbox
                    key={permission}
                    label={intl.formatMessage({ id: `dashboard.roles.action.${splitPermission(permission).action}` })}
                    aria-label={permission}
                    checked={chosen.includes(permission)}
                    disabled={locked}
                    onChange={(event) => toggle(permission, event.currentTarget.checked)}
                  />
                ))}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
        <div>
          <SaveButton pending={save.isPending} errors={errors} />
        </div>
      </Stack>
    </form>
  );
}
