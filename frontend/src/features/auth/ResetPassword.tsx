import { Button, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router-dom';
import { session } from '../../shared/session/session';
import { withLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { useResetPassword } from './api';
import { NewPasswordFields, newPasswordRules } from '../../shared/ui/NewPasswordFields';
import { showServerErrors } from '../../shared/forms';

/** Choose a new password with the temporary token; this signs the user in. */
export function ResetPassword() {
  const intl = useIntl();
  const navigate = useNavigate();
  // Read once: the token is removed on success, before the screen navigates away.
  const [tempToken] = useState(session.tempToken);
  const reset = useResetPassword(tempToken);
  const form = useForm({
    initialValues: { password: '', password_confirmation: '' },
    validate: {
      ...newPasswordRules(intl),
    },
  });

  if (!tempToken) return <Navigate to="/auth/forget-password" replace />;

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await withLoading(reset.mutateAsync(values));
      toast('success', answer.message);
      navigate('/account/settings');
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="reset-form">
      <Stack gap="sm">
        <Title order={2}>
          <FormattedMessage id="auth.reset.title" />
        </Title>
        <NewPasswordFields form={form} label="fields.new_password" />
        <Button type="submit" loading={reset.isPending}>
          <FormattedMessage id="auth.reset.submit" />
        </Button>
      </Stack>
    </form>
  );
}
