import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';

interface NewPassword {
  password: string;
  password_confirmation: string;
}

/** The rules of a new password and its confirmation, with the catalogue's messages. */
export function newPasswordRules(intl: IntlShape) {
  return {
    // The server's rules, so that a weak password and a mismatched confirmation show together.
    password: (value: string) =>
      !value
        ? intl.formatMessage({ id: 'validation.password_required' })
        : [...value].length < 8
          ? intl.formatMessage({ id: 'validation.password_too_short' })
          : !/\p{L}/u.test(value) || !/\p{N}/u.test(value)
            ? intl.formatMessage({ id: 'validation.password_letters_digits' })
            : null,
    password_confirmation: (value: string, values: NewPassword) =>
      !value
        ? intl.formatMessage({ id: 'validation.confirmation_required' })
        : value !== values.password
          ? intl.formatMessage({ id: 'validation.confirmation_mismatch' })
          : null,
  };
}

/** A new password and its confirmation. */
export function NewPasswordFields<T extends NewPassword>({
  form,
  label = 'fields.password',
}: {
  form: UseFormReturnType<T>;
  label?: string;
}) {
  const intl = useIntl();
  return (
    <>
      <PasswordInput
        label={intl.formatMessage({ id: label })}
        description={intl.formatMessage({ id: 'fields.password_rule' })}
        autoComplete="new-password"
        name="password"
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={intl.formatMessage({ id: 'fields.password_confirmation' })}
        autoComplete="new-password"
        name="password_confirmation"
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
