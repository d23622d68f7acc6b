import type { UseFormReturnType } from '@mantine/form';
import { useIntl } from 'react-intl';
import { TextField } from './fields';

/** Name, phone and e-mail fields of a form that has them (profile, contact); phone and e-mail
 * are typed left to right on Arabic screens too. */
export function ContactFields<Values extends { name: string; phone: string; email: string }>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const intl = useIntl();
  return (
    <>
      <TextField label={intl.formatMessage({ id: 'auth.fields.name' })} name="name" {...form.getInputProps('name')} />
      <TextField
        label={intl.formatMessage({ id: 'auth.fields.phone' })}
        type="tel"
        dir="ltr"
        name="phone"
        {...form.getInputProps('phone')}
      />
      <TextField
        label={intl.formatMessage({ id: 'auth.fields.email' })}
        type="email"
        dir="ltr"
        name="email"
        {...form.getInputProps('email')}
      />
    </>
  );
}
