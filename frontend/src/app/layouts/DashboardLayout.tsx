import { hasPermission, useSession } from '../../shared/session/session';
import { SideLayout } from './SideLayout';

/** The staff dashboard: a side menu of what the user may open, and the page. */
export function DashboardLayout() {
  const { user } = useSession();
  const links = [
    { to: '/dashboard/overview', label: 'dashboard.nav.overview' },
    ...(hasPermission(user, 'order-list') ? [{ to: '/dashboard/new-orders', label: 'dashboard.nav.orders' }] : []),
    ...(hasPermission(user, 'guest-order-list')
      ? [{ to: '/dashboard/new-guest-orders', label: 'dashboard.nav.guest_orders' }]
      : []),
    { to: '/dashboard/notifications', label: 'dashboard.nav.notifications' },
    ...(hasPermission(user, 'product-list') ? [{ to: '/dashboard/products', label: 'dashboard.nav.products' }] : []),
    ...(hasPermission(user, 'category-list')
      ? [{ to: '/dashboard/categories', label: 'dashboard.nav.categories' }]
      : []),
    ...(hasPermission(user, 'offer-list') ? [{ to: '/dashboard/offers', label: 'dashboard.nav.offers' }] : []),
    ...(hasPermission(user, 'copoun-list') ? [{ to: '/dashboard/copouns', label: 'dashboard.nav.copouns' }] : []),
    ...(hasPermission(user, 'points-list') ? [{ to: '/dashboard/points', label: 'dashboard.nav.points' }] : []),
    ...(hasPermission(user, 'shipping-list') ? [{ to: '/dashboard/shipping', label: 'dashboard.nav.shipping' }] : []),
    ...(hasPermission(user, 'contact-list')
      ? [{ to: '/dashboard/contact-messages', label: 'dashboard.nav.contact' }]
      : []),
    ...(hasPermission(user, 'setting-list') ? [{ to: '/dashboard/settings', label: 'dashboard.nav.settings' }] : []),
  ];
  return <SideLayout links={links} />;
}
