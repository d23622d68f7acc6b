import { Anchor, Group, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

const LINKS = [
  ['/about-us', 'footer.about_us'],
  ['/terms-and-conditions', 'footer.terms'],
  ['/privacy-policy', 'footer.privacy'],
  ['/refund-policies', 'footer.refunds'],
  ['/contact', 'footer.contact'],
  ['/track-order', 'footer.track_order'],
] as const;

/** The footer: who the shop is, its pages and how to reach it. */
export function Footer() {
  return (
    <footer style={{ borderBlockStart: '1px solid var(--mantine-color-gray-3)', marginBlockStart: '2rem' }}>
      <div className="page">
        <Group gap="md" mb="sm" component="nav">
          {LINKS.map(([to, label]) => (
            <Anchor key={to} component={Link} to={to} size="sm">
              <FormattedMessage id={label} />
            </Anchor>
          ))}
        </Group>
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
