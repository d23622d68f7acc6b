import { Button, Group } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from '../../shared/ui/toast';

/** "Send a new code": runs `send` and toasts the server's answer (or the spec's fallback). */
export function ResendCode({ send, pending }: { send: () => Promise<{ message: string }>; pending: boolean }) {
  const intl = useIntl();
  const sendAgain = async () => {
    const answer = await send();
    toast('success', answer.message || intl.formatMessage({ id: 'auth.verify.resent' }));
  };
  return (
    <Group justify="center">
      <Button variant="subtle" onClick={() => sendAgain().catch(() => undefined)} loading={pending}>
        <FormattedMessage id="auth.verify.resend" />
      </Button>
    </Group>
  );
}
