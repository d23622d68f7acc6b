import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import controls from './controls.module.css';

const LINKS = [
  ['/about-us', 'footer.about_us'],
  ['/terms-and-conditions', 'footer.terms'],
  ['/privacy-policy', 'footer.privacy'],
  ['/refund-policies', 'footer.refunds'],
  ['/contact', 'contact.title'],
  ['/track-order', 'footer.track_order'],
  ['/crops', 'footer.crops'],
] as const;

/** The footer: who the shop is, its pages and how to reach it. */
export function Footer() {
  return (
    <footer style={{ borderBlockStart: '1px solid var(--mantine-color-gray-3)', marginBlockStart: '2rem' }}>
      <div className="page">
        <nav className={controls.row} style={{ columnGap: 'var(--mantine-spacing-md)', marginBlockEnd: 12 }}>
          {LINKS.map(([to, label]) => (
            <Link key={to} to={to} className={`${controls.link} ${controls.small}`}>
              <FormattedMessage id={label} />
            </Link>
          ))}
        </nav>
        <p className={`${controls.text} ${controls.small} ${controls.dimmed}`}>
          <FormattedMessage id="footer.about" />
        </p>
        <p className={`${controls.text} ${controls.tiny} ${controls.dimmed}`} style={{ marginBlockStart: 10 }}>
          <FormattedMessage id="footer.copyright" values={{ year: new Date().getFullYear() }} />
        </p>
      </div>
    </footer>
  );
}
