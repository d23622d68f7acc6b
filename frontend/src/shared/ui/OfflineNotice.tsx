import { useNetwork } from '@mantine/hooks';
import { FormattedMessage } from 'react-intl';
import { useDatabaseAway } from '../api/outage';
import { Alert } from './fields';

/** Says so when the phone has lost the network (what shows now is what was saved on it), or
 * when the shop's database is away (the products show, ordering waits a moment). */
export function OfflineNotice() {
  const { online } = useNetwork();
  const away = useDatabaseAway();
  if (!online) {
    return (
      <Alert color="yellow" role="status" data-testid="offline-notice" style={{ borderRadius: 0 }}>
        <FormattedMessage id="offline.notice" />
      </Alert>
    );
  }
  if (!away) return null;
  return (
    <Alert color="yellow" role="status" data-testid="outage-notice" style={{ borderRadius: 0 }}>
      <FormattedMessage id="outage.notice" />
    </Alert>
  );
}
