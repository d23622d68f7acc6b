import { FormattedMessage } from 'react-intl';
import { useGlobalLoading } from './loading';
import classes from './LoadingOverlay.module.css';

/** The full-screen spinner labelled Loading, shown while the global loading flag is set. */
export function LoadingOverlay() {
  const loading = useGlobalLoading();
  if (!loading) return null;
  return (
    <div className={classes.overlay} role="status" aria-live="polite" data-testid="loading-overlay">
      <span className={classes.spinner} aria-hidden="true" />
      <span className={classes.label}>
        <FormattedMessage id="common.loading" />
      </span>
    </div>
  );
}
