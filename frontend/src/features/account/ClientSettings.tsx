import { Alert, Button, Paper, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { session, useSession } from '../../shared/session/session';
import { withLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { required, showServerErrors } from '../../shared/forms';
import { accountApi, type ProfileForm } from './api';
import type { PendingContact } from '../../shared/api/types';
import { NewPasswordFields, newPasswordRules } from '../../shared/ui/NewPasswordFields';
import { CityPicker } from '../../shared/ui/CityPicker';
import { SelectField } from '../../shared/ui/fields';
import { ContactFields } from '../../shared/ui/ContactFields';
import { SmsConsent } from './SmsConsent';

/** The code sent to a new phone or e-mail, which puts it on the account. */
function ConfirmContact({ pending, onDone }: { pending: PendingContact; onDone: () => void }) {
  const intl = useIntl();
  const confirm = useMutation({ mutationFn: accountApi.confirmContact });
  const form = useForm({ initialValues: { code: '' } });
  const submit = form.onSubmit(async ({ code }) => {
    try {
      const answer = await withLoading(confirm.mutateAsync(code));
      session.setUser(answer.data);
      toast('success', answer.message);
      onDone();
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="confirm-contact">
      <Stack gap="xs">
        <Alert color="blue">
          <FormattedMessage
            id="account.profile.code_sent"
            values={{ to: <bdi dir="ltr">{pending.phone ?? pending.email}</bdi> }}
          />
        </Alert>
        <TextInput
          label={intl.formatMessage({ id: 'account.profile.code' })}
          inputMode="numeric"
          dir="ltr"
          name="code"
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={confirm.isPending} style={{ alignSelf: 'flex-start' }}>
          <FormattedMessage id="account.profile.confirm" />
        </Button>
      </Stack>
    </form>
  );
}

function ProfileCard() {
  const intl = useIntl();
  const { user } = useSession();
  const update = useMutation({ mutationFn: accountApi.updateProfile });
  const [pending, setPending] = useState<PendingContact | null>(null);
  // A change staff made for the client waits here too, for the code sent to the new contact.
  const waiting = useQuery({ queryKey: ['account', 'pending-contact'], queryFn: accountApi.pendingContact });
  const client = useQueryClient();
  const shown = pending ?? waiting.data ?? null;
  const form = useForm<ProfileForm>({
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      country: user?.country ?? '',
      gender: user?.gender ?? '',
      city_id: user?.city_id ? String(user.city_id) : '',
      current_password: '',
    },
    validate: { name: required(intl.formatMessage({ id: 'validation.name_required' })) },
  });
  // The phone and e-mail recover the account: changing them asks for the password.
  const contactsChanged =
    form.values.phone.trim() !== (user?.phone ?? '') || form.values.email.trim() !== (user?.email ?? '');

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await withLoading(update.mutateAsync(values));
      session.setUser(answer.data);
      setPending(answer.pending ?? null);
      form.setFieldValue('current_password', '');
      toast('success', answer.message);
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3}>
            <FormattedMessage id="account.profile.title" />
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ContactFields form={form} />
            <TextInput
              label={intl.formatMessage({ id: 'account.profile.country' })}
              name="country"
              {...form.getInputProps('country')}
            />
            <CityPicker {...form.getInputProps('city_id')} />
            {/* The phone's own picker, as the city beside it. */}
            <SelectField
              label={intl.formatMessage({ id: 'account.profile.gender' })}
              name="gender"
              options={[
                { value: '', label: intl.formatMessage({ id: 'account.profile.gender_unsaid' }) },
                { value: 'male', label: intl.formatMessage({ id: 'account.profile.male' }) },
                { value: 'female', label: intl.formatMessage({ id: 'account.profile.female' }) },
              ]}
              {...form.getInputProps('gender')}
            />
          </SimpleGrid>
          {contactsChanged && (
            <PasswordInput
              label={intl.formatMessage({ id: 'account.password.current' })}
              description={intl.formatMessage({ id: 'account.profile.password_needed' })}
              autoComplete="current-password"
              name="current_password"
              {...form.getInputProps('current_password')}
            />
          )}
          <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
            <FormattedMessage id="account.profile.save" />
          </Button>
        </Stack>
      </form>
      {shown && (
        <ConfirmContact
          pending={shown}
          onDone={() => {
            setPending(null);
            client.setQueryData(['account', 'pending-contact'], null);
          }}
        />
      )}
    </Paper>
  );
}

function PasswordCard() {
  const intl = useIntl();
  const change = useMutation({ mutationFn: accountApi.changePassword });
  const form = useForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: {
      ...newPasswordRules(intl),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await withLoading(change.mutateAsync(values));
      toast('success', answer.message);
      form.reset();
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3}>
            <FormattedMessage id="account.password.title" />
          </Title>
          <PasswordInput
            label={intl.formatMessage({ id: 'account.password.current' })}
            autoComplete="current-password"
            name="current_password"
            {...form.getInputProps('current_password')}
          />
          <NewPasswordFields form={form} label="fields.new_password" />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            <FormattedMessage id="account.password.save" />
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** The client's profile and password. */
export function ClientSettings() {
  const { user } = useSession();
  return (
    <Stack gap="lg">
      <Title order={2}>
        <FormattedMessage id="account.title" />
      </Title>
      {user && !user.verified && (
        <Alert
          color="yellow"
          title={<FormattedMessage id="account.unverified.title" />}
          data-testid="unverified-banner"
        >
          <Stack gap="xs" align="flex-start">
            <FormattedMessage id="account.unverified.body" />
            <Button component={Link} to="/auth/verify-account" size="xs" color="yellow" data-testid="verify-link">
              <FormattedMessage id="account.unverified.action" />
            </Button>
          </Stack>
        </Alert>
      )}
      <ProfileCard key={user?.id} />
      <PasswordCard />
      {user?.role === 'customer' && <SmsConsent />}
    </Stack>
  );
}
