import { useIntl } from 'react-intl';
import type { FieldSource } from '../forms';
import { TextField } from './fields';

/** Name, phone and e-mail fields of a form that has them (profile, contact); phone and e-mail
 * are typed left to right on Arabic screens too. */
export function ContactFields({ form }: { form: FieldSource<'name' | 'phone' | 'email'> }) {
  const intl = useIntl();
  return (
    <>
      <TextField label={intl.formatMessage({ id: 'fields.name' })} name="name" {...form.getInputProps('name')} />
      <TextField
        label={intl.formatMessage({ id: 'fields.phone' })}
        type="tel"
        dir="ltr"
        name="phone"
        {...form.getInputProps('phone')}
      />
      <TextField
        label={intl.formatMessage({ id: 'fields.email' })}
        type="email"
        dir="ltr"
        name="email"
        {...form.getInputProps('email')}
      />
    </>
  );
}
