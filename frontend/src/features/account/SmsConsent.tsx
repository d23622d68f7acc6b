import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { answer, api } from '../../shared/api/client';
import { toast } from '../../shared/ui/toast';

const consentKey = ['account', 'sms-consent'];

/** The client's consent to the shop's offers by SMS (Egypt's law 151/2020 asks for it): a switch
 * in their settings, on until they turn it off here or by the link every such SMS ends with.
 * Order news goes out whatever they choose. */
export function SmsConsent() {
  const intl = useIntl();
  const client = useQueryClient();
  const consent = useQuery({
    queryKey: consentKey,
    queryFn: () => answer(api.GET('/api/sms-consent')),
  }).data?.data.consent;
  const change = useMutation({
    mutationFn: (next: boolean) => answer(api.PUT('/api/sms-consent', { body: { consent: next } })),
    onSuccess: (answer) => {
      client.setQueryData(consentKey, { data: answer.data });
      toast('success', answer.message);
    },
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={3}>
          <FormattedMessage id="account.sms.title" />
        </Title>
        <Switch
          label={intl.formatMessage({ id: 'account.sms.switch' })}
          checked={consent ?? false}
          disabled={consent === undefined || change.isPending}
          onChange={(event) => change.mutate(event.currentTarget.checked)}
          data-testid="sms-consent"
        />
        <Text size="sm" c="dimmed">
          <FormattedMessage id="account.sms.note" />
        </Text>
      </Stack>
    </Paper>
  );
}
