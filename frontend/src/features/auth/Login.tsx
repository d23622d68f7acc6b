import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { session } from '../../shared/session/session';
import { withLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { authApi, pathAfterLogin } from './api';
import { required, showServerErrors } from '../../shared/forms';
import { GoogleButton } from './GoogleButton';

/** Sign in with an e-mail or a phone number and a password. */
export function Login() {
  const intl = useIntl();
  const navigate = useNavigate();
  const login = useMutation({ mutationFn: authApi.login });
  const [params] = useSearchParams();
  const googleFailed = params.get('google') === 'failed';
  useEffect(() => {
    if (googleFailed) toast('error', intl.formatMessage({ id: 'auth.google.failed' }));
  }, [googleFailed, intl]);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: required(intl.formatMessage({ id: 'validation.username_required' })),
      password: required(intl.formatMessage({ id: 'validation.password_required' })),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await withLoading(login.mutateAsync(values));
      session.signIn(answer.data);
      toast('success', answer.message);
      navigate(pathAfterLogin(answer.data, params.get('next')));
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <Stack gap="sm">
        <Title order={2}>
          <FormattedMessage id="auth.login.title" />
        </Title>
        <TextInput
          label={intl.formatMessage({ id: 'fields.username' })}
          placeholder={intl.formatMessage({ id: 'fields.username_hint' })}
          autoComplete="username"
          name="username"
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={intl.formatMessage({ id: 'fields.password' })}
          autoComplete="current-password"
          name="password"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/auth/forget-password" size="sm" className="tap-target">
            <FormattedMessage id="auth.login.forgot" />
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending}>
          <FormattedMessage id="auth.login.submit" />
        </Button>
        <GoogleButton />
        <Divider />
        <Anchor component={Link} to="/auth/register" className="tap-target" style={{ justifyContent: 'center' }}>
          <FormattedMessage id="auth.login.to_register" />
        </Anchor>
      </Stack>
    </form>
  );
}
