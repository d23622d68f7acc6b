import { hasPermission, useSession } from '../../shared/session/session';
import { DashboardTexts } from '../../shared/i18n/DashboardTexts';
import { SideLayout, type SideLink } from './SideLayout';

/** The screens of an order list's tabs (routes/dashboard.tsx), under `/dashboard`. */
const orderTabs = (source: string) =>
  ['', 'new-', 'on-delivery-', 'delivered-', 'cancelled-'].map((status) => `/dashboard/${status}${source}orders`);

/** The dashboard's menu, each link with the permission its screen needs (none: every staff
 * member's) and the screens it stands for besides its own. */
const LINKS: (SideLink & { permission?: string })[] = [
  { to: '/dashboard/overview', label: 'dashboard.nav.overview' },
  {
    to: '/dashboard/new-orders',
    label: 'dashboard.nav.orders',
    permission: 'order-list',
    also: [...orderTabs(''), '/dashboard/orders-actions'],
  },
  {
    to: '/dashboard/new-guest-orders',
    label: 'dashboard.nav.guest_orders',
    permission: 'guest-order-list',
    also: orderTabs('guest-'),
  },
  { to: '/dashboard/sales-orders', label: 'dashboard.nav.sales_orders', permission: 'order-list' },
  { to: '/dashboard/notifications', label: 'dashboard.nav.notifications' },
  { to: '/dashboard/users', label: 'dashboard.nav.clients', permission: 'client-list' },
  { to: '/dashboard/products', label: 'dashboard.nav.products', permission: 'product-list' },
  { to: '/dashboard/lots', label: 'dashboard.nav.lots', permission: 'product-list' },
  { to: '/dashboard/farm-lists', label: 'dashboard.nav.farm_lists', permission: 'agronomy-list' },
  { to: '/dashboard/categories', label: 'dashboard.nav.categories', permission: 'category-list' },
  { to: '/dashboard/offers', label: 'dashboard.nav.offers', permission: 'offer-list' },
  { to: '/dashboard/copouns', label: 'dashboard.nav.copouns', permission: 'copoun-list' },
  {
    to: '/dashboard/points',
    label: 'dashboard.nav.points',
    permission: 'points-list',
    also: ['/dashboard/user-points-actions'],
  },
  { to: '/dashboard/shipping', label: 'dashboard.nav.shipping', permission: 'shipping-list' },
  { to: '/dashboard/courier-cash', label: 'dashboard.nav.courier_cash', permission: 'shipping-list' },
  { to: '/dashboard/contact-messages', label: 'dashboard.nav.contact', permission: 'contact-list' },
  { to: '/dashboard/sms', label: 'dashboard.nav.sms', permission: 'sms-list' },
  { to: '/dashboard/admins', label: 'dashboard.nav.admins', permission: 'admin-list' },
  { to: '/dashboard/sales', label: 'dashboard.nav.sales', permission: 'sales-list' },
  { to: '/dashboard/roles', label: 'dashboard.nav.roles', permission: 'role-list' },
  { to: '/dashboard/settings', label: 'dashboard.nav.settings', permission: 'setting-list' },
  { to: '/dashboard/search', label: 'dashboard.nav.search', permission: 'setting-list' },
];

/** The staff dashboard: a side menu of what the user may open, and the page, with the
 * dashboard's texts. */
export function DashboardLayout() {
  const { user } = useSession();
  const links = LINKS.filter((link) => !link.permission || hasPermission(user, link.permission));
  return (
    <DashboardTexts>
      <SideLayout links={links} />
    </DashboardTexts>
  );
}
