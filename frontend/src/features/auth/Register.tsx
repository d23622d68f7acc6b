import { Anchor, Button, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { session } from '../../shared/session/session';
import { withLoading } from '../../shared/ui/loading';
import { CityPicker } from '../../shared/ui/CityPicker';
import { toast } from '../../shared/ui/toast';
import { authApi } from './api';
import { NewPasswordFields, newPasswordRules } from '../../shared/ui/NewPasswordFields';
import { required } from '../../shared/forms';
import { submitShowingErrors } from '../../shared/ui/mantine/submitShowingErrors';
import { FormErrorsSummary } from '../../shared/ui/fields';

/** Open a customer account; the verification code goes to the phone (and the e-mail). */
export function Register() {
  const intl = useIntl();
  const navigate = useNavigate();
  const register = useMutation({ mutationFn: authApi.register });
  const form = useForm({
    initialValues: { name: '', phone: '', email: '', city_id: '', password: '', password_confirmation: '' },
    validate: {
      name: required(intl.formatMessage({ id: 'validation.name_required' })),
      phone: required(intl.formatMessage({ id: 'validation.phone_required' })),
      ...newPasswordRules(intl),
    },
  });

  const submit = submitShowingErrors(form, async (values) => {
    const answer = await withLoading(
      register.mutateAsync({
        ...values,
        email: values.email.trim() || undefined,
        city_id: values.city_id ? Number(values.city_id) : undefined,
      }),
    );
    session.signIn(answer.data);
    toast('success', answer.message);
    // The code was just sent: the next thing to do is type it.
    navigate('/auth/verify-account');
  });

  return (
    <form onSubmit={submit} noValidate data-testid="register-form">
      <Stack gap="sm">
        <Title order={2}>
          <FormattedMessage id="auth.register.title" />
        </Title>
        <TextInput
          label={intl.formatMessage({ id: 'fields.name' })}
          autoComplete="name"
          name="name"
          {...form.getInputProps('name')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'fields.phone' })}
          placeholder={intl.formatMessage({ id: 'fields.phone_hint' })}
          type="tel"
          dir="ltr"
          inputMode="tel"
          autoComplete="tel"
          name="phone"
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'fields.email_optional' })}
          type="email"
          dir="ltr"
          autoComplete="email"
          name="email"
          {...form.getInputProps('email')}
        />
        <CityPicker
          withCost={false}
          label={intl.formatMessage({ id: 'fields.city_optional' })}
          {...form.getInputProps('city_id')}
        />
        <NewPasswordFields form={form} />
        <FormErrorsSummary errors={form.errors} />
        <Button type="submit" loading={register.isPending}>
          <FormattedMessage id="auth.register.submit" />
        </Button>
        <Anchor component={Link} to="/auth/login" className="tap-target" style={{ justifyContent: 'center' }}>
          <FormattedMessage id="auth.register.to_login" />
        </Anchor>
      </Stack>
    </form>
  );
}
