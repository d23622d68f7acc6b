import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { connectApi } from '../shared/api/client';
import { toast } from '../shared/ui/toast';
import { LoadingOverlay } from '../shared/ui/LoadingOverlay';
import { useCurrentUser } from '../features/auth/api';
import { CartTransfer } from '../features/cart/CartTransfer';
import { loginPath } from '../shared/loginPath';

/** Connects the HTTP client to toasts and the router: errors speak the current language and
 * a 401 leads to Login. */
function ApiBridge() {
  const intl = useIntl();
  const navigate = useNavigate();
  useEffect(() => {
    connectApi({
      notify: (notice) =>
        toast(
          notice.kind,
          notice.message || intl.formatMessage({ id: notice.messageId ?? 'errors.network' }, notice.values),
        ),
      unauthorized: () => navigate(loginPath(window.location)),
    });
  }, [intl, navigate]);
  return null;
}

/** Scrolls smoothly to the top on navigation, or to the anchor when the link has a hash. */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView({ behavior: 'smooth' });
    else window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname, hash]);
  return null;
}

/** Refreshes the stored user from the server once a token is present. */
function SessionRefresher() {
  useCurrentUser();
  return null;
}

/** What every screen shares. */
export function Root() {
  return (
    <>
      <ApiBridge />
      <ScrollManager />
      <SessionRefresher />
      <CartTransfer />
      <LoadingOverlay />
      <Outlet />
    </>
  );
}
