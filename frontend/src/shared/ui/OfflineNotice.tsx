import { useNetwork } from '@mantine/hooks';
import { FormattedMessage } from 'react-intl';
import { Alert } from './fields';

/** Says so when the phone has lost the network: what shows now is what was saved on it. */
export function OfflineNotice() {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Alert color="yellow" role="status" data-testid="offline-notice" style={{ borderRadius: 0 }}>
      <FormattedMessage id="offline.notice" />
    </Alert>
  );
}
