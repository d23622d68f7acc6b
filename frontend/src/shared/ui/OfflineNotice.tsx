import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { FormattedMessage } from 'react-intl';

/** Says so when the phone has lost the network: what shows now is what was saved on it. */
export function OfflineNotice() {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Alert color="yellow" radius={0} py="xs" role="status" data-testid="offline-notice">
      <FormattedMessage id="offline.notice" />
    </Alert>
  );
}
