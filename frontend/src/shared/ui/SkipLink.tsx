import { FormattedMessage } from 'react-intl';

/** The first stop of the keyboard: straight to the page's content, past the header. */
export function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      <FormattedMessage id="nav.skip" />
    </a>
  );
}
