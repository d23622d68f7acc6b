import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { withLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { required, showServerErrors } from '../../shared/forms';
import { settingsQueries } from '../../shared/api/settings';
import { sendContact } from './api';
import { ContactFields } from '../../shared/ui/ContactFields';
import { Ltr } from '../../shared/ui/Ltr';
import { whatsAppUrl } from '../../shared/whatsapp';
import { TextArea } from '../../shared/ui/fields';
import controls from '../../shared/ui/controls.module.css';
import { Grid } from '../../shared/ui/Grid';
import { useFormFields } from '../../shared/formFields';

/** How to reach the shop, and a form that reaches its staff. */
export function Contact() {
  const intl = useIntl();
  const { language } = useLanguage();
  const settings = useQuery(settingsQueries.public(language)).data?.data;
  const send = useMutation({ mutationFn: sendContact });
  const form = useFormFields({
    initialValues: { name: '', phone: '', email: '', message: '' },
    validate: {
      name: required(intl.formatMessage({ id: 'validation.name_required' })),
      message: required(intl.formatMessage({ id: 'validation.message_required' })),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await withLoading(send.mutateAsync(values));
      toast('success', answer.message);
      form.reset();
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <Grid cols={{ base: 1, sm: 2 }} gap="2rem">
      <div className={`${controls.stack} ${controls.stackSm}`}>
        <h1 className={`${controls.title} ${controls.h1}`}>
          <FormattedMessage id="contact.title" />
        </h1>
        {settings && (
          <div className={`${controls.stack} ${controls.stackTight}`}>
            <p className={controls.text}>
              <FormattedMessage id="contact.phone" />{' '}
              <a href={`tel:${settings.contact_phone}`} dir="ltr" className={controls.link}>
                {settings.contact_phone}
              </a>
            </p>
            <p className={controls.text}>
              <FormattedMessage id="contact.whatsapp" />{' '}
              <a
                href={whatsAppUrl(settings.whatsapp_number)}
                target="_blank"
                rel="noreferrer"
                dir="ltr"
                className={controls.link}
              >
                <Ltr>+{settings.whatsapp_number}</Ltr>
              </a>
            </p>
            <p className={controls.text}>
              <FormattedMessage id="contact.email" />{' '}
              <a href={`mailto:${settings.email}`} className={controls.link}>
                {settings.email}
              </a>
            </p>
            <p className={controls.text}>{settings.address}</p>
          </div>
        )}
      </div>
      <div className={controls.card}>
        <form onSubmit={submit} noValidate data-testid="contact-form">
          <div className={`${controls.stack} ${controls.stackSm}`}>
            <ContactFields form={form} />
            <TextArea
              label={intl.formatMessage({ id: 'contact.message' })}
              name="message"
              rows={4}
              {...form.getInputProps('message')}
            />
            <button type="submit" className={controls.button} disabled={send.isPending} aria-busy={send.isPending}>
              <FormattedMessage id="contact.send" />
            </button>
          </div>
        </form>
      </div>
    </Grid>
  );
}
