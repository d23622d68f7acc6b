import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDatabaseAway } from '../api/outage';
import { Alert } from './fields';

/** Calls `changed` when the phone goes on or off line; answers how to stop. */
function watchNetwork(changed: () => void) {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/** Says so when the phone has lost the network (what shows now is what was saved on it), or
 * when the shop's database is away (the products show, ordering waits a moment). */
export function OfflineNotice() {
  // Only whether the phone is on line: React's own store hook, not a hook that also reads the
  // connection's speed and type on every change.
  const online = useSyncExternalStore(
    watchNetwork,
    () => navigator.onLine,
    () => true,
  );
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
