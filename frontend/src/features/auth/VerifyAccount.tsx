import { Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router-dom';
import { session, useSession } from '../../shared/session/session';
import { withLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { authApi } from './api';
import { CodeInput } from './CodeInput';
import { ResendCode } from './ResendCode';
import { showServerErrors } from '../../shared/forms';

/** Verify the account with the code sent at registration; a new code on request. */
export function VerifyAccount() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { token, user } = useSession();
  const verify = useMutation({ mutationFn: authApi.verify });
  const resend = useMutation({ mutationFn: authApi.resend });
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value ? null : intl.formatMessage({ id: 'validation.otp_required' })) },
  });

  if (!token) return <Navigate to="/auth/login" replace />;

  const submit = form.onSubmit(async ({ code }) => {
    try {
      const answer = await withLoading(verify.mutateAsync(code));
      session.setUser(answer.data);
      if (answer.message) toast('success', answer.message);
      navigate('/account/settings');
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  // The spec sends the e-mail when one is stored, else the phone.
  const sendAgain = () => {
    const email = localStorage.getItem('email');
    return resend.mutateAsync(email ? { email } : { phone: localStorage.getItem('phone') ?? '' });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="verify-form">
      <Stack gap="sm">
        <Title order={2}>
          <FormattedMessage id="auth.verify.title" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="auth.verify.hint" values={{ to: <bdi>{user?.email ?? user?.phone ?? ''}</bdi> }} />
        </Text>
        <CodeInput label={intl.formatMessage({ id: 'fields.code' })} name="code" {...form.getInputProps('code')} />
        <Button type="submit" loading={verify.isPending}>
          <FormattedMessage id="auth.verify.submit" />
        </Button>
        <ResendCode send={sendAgain} pending={resend.isPending} />
      </Stack>
    </form>
  );
}
