import { useNetwork } from '@mantine/hooks';
import { FormattedMessage } from 'react-intl';

/** Says so when the phone has lost the network: what shows now is what was saved on it. */
export function OfflineNotice() {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-notice"
      style={{
        // Mantine's light yellow of an alert (its variable is the colour scheme's, set with Mantine).
        background: 'rgba(250, 176, 5, 0.1)',
        color: 'var(--mantine-color-black)',
        paddingBlock: 'var(--mantine-spacing-xs)',
        paddingInline: 'var(--mantine-spacing-md)',
        fontSize: 'var(--mantine-font-size-sm)',
      }}
    >
      <FormattedMessage id="offline.notice" />
    </div>
  );
}
