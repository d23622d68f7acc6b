import { useEffect } from 'react';
import { Alert, Button, Container, Loader, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { answer, api } from '../../shared/api/client';

/** The page the opt-out link of the shop's SMS opens (`/sms/opt-out/{token}`): it records the
 * opt-out, with its time, as soon as it opens, and says so; no sign-in needed. */
export function SmsOptOut() {
  const { token = '' } = useParams();
  const optOut = useMutation({
    mutationFn: () => answer(api.POST('/api/sms/opt-out/{token}', { params: { path: { token } } }), { silent: true }),
  });
  const { mutate } = optOut;
  useEffect(() => mutate(), [mutate]);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="start">
        <Title order={2}>
          <FormattedMessage id="account.sms.opt_out_title" />
        </Title>
        {optOut.isPending && <Loader />}
        {optOut.isSuccess && (
          <Alert color="green" data-testid="opted-out">
            {optOut.data.message}
          </Alert>
        )}
        {optOut.isError && (
          <Alert color="red" data-testid="opt-out-failed">
            <FormattedMessage id="account.sms.opt_out_failed" />
          </Alert>
        )}
        <Button component={Link} to="/" variant="default">
          <FormattedMessage id="notFound.home" />
        </Button>
      </Stack>
    </Container>
  );
}
