import { Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { session } from '../../shared/session/session';
import { withLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { authApi } from './api';
import { CodeInput } from './CodeInput';
import { ResendCode } from './ResendCode';
import { showServerErrors } from '../../shared/forms';

/** Enter the reset code; a correct one gives a temporary token for the new password. */
export function CheckOtp() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const username = params.get('username') ?? '';
  const check = useMutation({ mutationFn: authApi.checkOtp });
  const resend = useMutation({ mutationFn: authApi.forgetPassword });
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value ? null : intl.formatMessage({ id: 'validation.otp_required' })) },
  });

  if (!username) return <Navigate to="/auth/forget-password" replace />;

  const submit = form.onSubmit(async ({ code }) => {
    try {
      const answer = await withLoading(check.mutateAsync({ username, code }));
      session.setTempToken(answer.data.token);
      toast('success', answer.message);
      navigate('/auth/reset-password');
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="check-otp-form">
      <Stack gap="sm">
        <Title order={2}>
          <FormattedMessage id="auth.check.title" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="auth.check.hint" values={{ to: <bdi>{username}</bdi> }} />
        </Text>
        <CodeInput label={intl.formatMessage({ id: 'fields.code' })} name="code" {...form.getInputProps('code')} />
        <Button type="submit" loading={check.isPending}>
          <FormattedMessage id="auth.check.submit" />
        </Button>
        <ResendCode send={() => resend.mutateAsync(username)} pending={resend.isPending} />
      </Stack>
    </form>
  );
}
