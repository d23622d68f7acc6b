import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import classes from './Logo.module.css';

/** The shop's mark and name (the name beside it from 48em up), linking Home. */
export function Logo() {
  const intl = useIntl();
  return (
    <Link to="/" className={classes.logo} aria-label={intl.formatMessage({ id: 'nav.home' })}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span className={classes.name}>{intl.formatMessage({ id: 'app.name' })}</span>
    </Link>
  );
}
