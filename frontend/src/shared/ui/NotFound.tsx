import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import controls from './controls.module.css';

/** Unknown paths: a message and a way back Home. */
export function NotFound() {
  return (
    <div className={controls.stack} style={{ alignItems: 'center', paddingBlock: 32 }} data-testid="not-found">
      <h1 className={`${controls.title} ${controls.h1}`}>404</h1>
      <p className={`${controls.text} ${controls.big}`}>
        <FormattedMessage id="notFound.title" />
      </p>
      <Link to="/" className={controls.button}>
        <FormattedMessage id="notFound.home" />
      </Link>
    </div>
  );
}
