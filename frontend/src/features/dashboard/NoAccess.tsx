import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

/** What a staff member sees of a dashboard screen their role does not include: why, and the
 * way back to the overview every staff member may open. Plain markup: the route guards that
 * show it are part of the storefront's first script, which Mantine's components would swell. */
export function NoAccess() {
  return (
    <section data-testid="no-access">
      <h2>
        <FormattedMessage id="dashboard.no_access.title" />
      </h2>
      <p>
        <FormattedMessage id="dashboard.no_access.text" />
      </p>
      <Link to="/dashboard/overview">
        <FormattedMessage id="dashboard.no_access.back" />
      </Link>
    </section>
  );
}
