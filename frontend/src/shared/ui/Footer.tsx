import { Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/** The footer: who the shop is. */
export function Footer() {
  return (
    <footer style={{ borderBlockStart: '1px solid var(--mantine-color-gray-3)', marginBlockStart: '2rem' }}>
      <div className="page">
        <Text size="sm" c="dimmed">
          <FormattedMessage id="footer.about" />
        </Text>
        <Text size="xs" c="dimmed" mt="xs">
          <FormattedMessage id="footer.copyright" values={{ year: new Date().getFullYear() }} />
        </Text>
      </div>
    </footer>
  );
}
