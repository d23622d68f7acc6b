import { Anchor, Button, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
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

/** How to reach the shop, and a form that reaches its staff. */
export function Contact() {
  const intl = useIntl();
  const { language } = useLanguage();
  const settings = useQuery(settingsQueries.public(language)).data?.data;
  const send = useMutation({ mutationFn: sendContact });
  const form = useForm({
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
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
      <Stack gap="sm">
        <Title order={1}>
          <FormattedMessage id="contact.title" />
        </Title>
        {settings && (
          <Stack gap={4}>
            <Text>
              <FormattedMessage id="contact.phone" />{' '}
              <Anchor href={`tel:${settings.contact_phone}`} dir="ltr">
                {settings.contact_phone}
              </Anchor>
            </Text>
            <Text>
              <FormattedMessage id="contact.whatsapp" />{' '}
              <Anchor href={whatsAppUrl(settings.whatsapp_number)} target="_blank" rel="noreferrer" dir="ltr">
                <Ltr>+{settings.whatsapp_number}</Ltr>
              </Anchor>
            </Text>
            <Text>
              <FormattedMessage id="contact.email" />{' '}
              <Anchor href={`mailto:${settings.email}`}>{settings.email}</Anchor>
            </Text>
            <Text>{settings.address}</Text>
          </Stack>
        )}
      </Stack>
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate data-testid="contact-form">
          <Stack gap="sm">
            <ContactFields form={form} />
            <Textarea
              label={intl.formatMessage({ id: 'contact.message' })}
              name="message"
              minRows={4}
              autosize
              {...form.getInputProps('message')}
            />
            <Button type="submit" loading={send.isPending}>
              <FormattedMessage id="contact.send" />
            </Button>
          </Stack>
        </form>
      </Paper>
    </SimpleGrid>
  );
}
