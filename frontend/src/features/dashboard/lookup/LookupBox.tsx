import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import controls from '../../../shared/ui/controls.module.css';
import { SEARCH_FORM_STYLE } from '../../../shared/ui/searchForm';
import { lookupRoute } from './api';

/** The header's search box inside the dashboard: an order number, a phone, a client's name or a
 * product, looked up on the dashboard's own results page — never the storefront's. */
export function LookupBox() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const label = intl.formatMessage({ id: 'dashboard.lookup.label' });
  return (
    <form
      role="search"
      action="/dashboard/lookup"
      style={SEARCH_FORM_STYLE}
      onSubmit={(event) => {
        event.preventDefault();
        const text = String(new FormData(event.currentTarget).get('q') ?? '');
        if (text.trim()) navigate(lookupRoute(text));
      }}
    >
      <input
        className={controls.input}
        type="search"
        name="q"
        // The page's own text, so the box says what the results are of.
        key={params.get('q') ?? ''}
        defaultValue={params.get('q') ?? ''}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={intl.formatMessage({ id: 'dashboard.lookup.hint' })}
        aria-label={label}
        data-testid="dashboard-lookup"
      />
    </form>
  );
}
