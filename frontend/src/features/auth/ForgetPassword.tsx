import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { withLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { authApi } from './api';
import { required, showServerErrors } from '../../shared/forms';

/** Ask for a reset code by e-mail or phone. */
export function ForgetPassword() {
  const intl = useIntl();
  const navigate = useNavigate();
  const forget = useMutation({ mutationFn: authApi.forgetPassword });
  const form = useForm({
    initialValues: { username: '' },
    validate: { username: required(intl.formatMessage({ id: 'validation.username_required' })) },
  });

  const submit = form.onSubmit(async ({ username }) => {
    try {
      const answer = await withLoading(forget.mutateAsync(username.trim()));
      toast('success', answer.message);
      navigate(`/auth/check-otp?username=${encodeURIComponent(username.trim())}`);
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="forget-form">
      <Stack gap="sm">
        <Title order={2}>
          <FormattedMessage id="auth.forget.title" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="auth.forget.hint" />
        </Text>
        <TextInput
          label={intl.formatMessage({ id: 'fields.username' })}
          name="username"
          autoComplete="username"
          {...form.getInputProps('username')}
        />
        <Button type="submit" loading={forget.isPending}>
          <FormattedMessage id="auth.forget.submit" />
        </Button>
        <Anchor component={Link} to="/auth/login" className="tap-target" style={{ justifyContent: 'center' }}>
          <FormattedMessage id="auth.register.to_login" />
        </Anchor>
      </Stack>
    </form>
  );
}
