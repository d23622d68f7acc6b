import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { isStaff, useSession } from '../../shared/session/session';
import controls from '../../shared/ui/controls.module.css';
import { notificationQueries } from './api';

/** The header's bell: how many notifications are unread, refreshed every 30 seconds; it opens
 * the notifications page of the dashboard for staff and of the account for clients. */
export function NotificationBell() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { user } = useSession();
  const unread = useQuery(notificationQueries.page(language, false, 1)).data?.unread ?? 0;
  const to = isStaff(user) ? '/dashboard/notifications' : '/account/notifications';
  return (
    <span style={{ position: 'relative', display: 'inline-flex' }} data-testid="bell-count">
      <Link
        to={to}
        className={`${controls.button} ${controls.subtle} ${controls.icon}`}
        aria-label={intl.formatMessage({ id: 'nav.notifications_unread' }, { count: unread })}
        data-testid="bell"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
      </Link>
      {unread > 0 && (
        <span
          className={`${controls.badge} ${controls.count}`}
          style={{ position: 'absolute', insetBlockStart: 0, insetInlineEnd: 0, pointerEvents: 'none' }}
          aria-hidden
        >
          {intl.formatNumber(unread)}
        </span>
      )}
    </span>
  );
}
