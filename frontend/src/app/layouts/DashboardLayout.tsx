import { hasPermission, useSession } from '../../shared/session/session';
import { DashboardTexts } from '../../shared/i18n/DashboardTexts';
import { LookupBox } from '../../features/dashboard/lookup/LookupBox';
import { SideLayout, type PhoneMenu, type SideLink } from './SideLayout';

/** The screens of an order list's tabs (routes/dashboard.tsx), under `/dashboard`. */
const orderTabs = (source: string) =>
  ['', 'new-', 'on-delivery-', 'delivered-', 'cancelled-'].map((status) => `/dashboard/${status}${source}orders`);

// The menu's groups, written out so the message-id test sees every id.
const ORDERS = 'dashboard.nav.group.orders';
const CATALOGUE = 'dashboard.nav.group.catalogue';
const PEOPLE = 'dashboard.nav.group.people';
const MARKETING = 'dashboard.nav.group.marketing';
const SETTINGS = 'dashboard.nav.group.settings';

/** The dashboard's menu in its groups, each link with the permission its screen needs (none:
 * every staff member's) and the screens it stands for besides its own. */
const LINKS: (SideLink & { permission?: string })[] = [
  { to: '/dashboard/overview', label: 'dashboard.nav.overview' },
  {
    to: '/dashboard/new-orders',
    label: 'dashboard.nav.orders',
    permission: 'order-list',
    also: [...orderTabs(''), '/dashboard/orders-actions'],
    group: ORDERS,
  },
  {
    to: '/dashboard/new-guest-orders',
    label: 'dashboard.nav.guest_orders',
    permission: 'guest-order-list',
    also: orderTabs('guest-'),
    group: ORDERS,
  },
  { to: '/dashboard/sales-orders', label: 'dashboard.nav.sales_orders', permission: 'order-list', group: ORDERS },
  { to: '/dashboard/notifications', label: 'dashboard.nav.notifications', group: ORDERS },
  { to: '/dashboard/courier-cash', label: 'dashboard.nav.courier_cash', permission: 'shipping-list', group: ORDERS },
  { to: '/dashboard/products', label: 'dashboard.nav.products', permission: 'product-list', group: CATALOGUE },
  { to: '/dashboard/lots', label: 'dashboard.nav.lots', permission: 'product-list', group: CATALOGUE },
  { to: '/dashboard/farm-lists', label: 'dashboard.nav.farm_lists', permission: 'agronomy-list', group: CATALOGUE },
  { to: '/dashboard/categories', label: 'dashboard.nav.categories', permission: 'category-list', group: CATALOGUE },
  { to: '/dashboard/users', label: 'dashboard.nav.clients', permission: 'client-list', group: PEOPLE },
  {
    to: '/dashboard/points',
    label: 'dashboard.nav.points',
    permission: 'points-list',
    also: ['/dashboard/user-points-actions'],
    group: PEOPLE,
  },
  { to: '/dashboard/contact-messages', label: 'dashboard.nav.contact', permission: 'contact-list', group: PEOPLE },
  { to: '/dashboard/admins', label: 'dashboard.nav.admins', permission: 'admin-list', group: PEOPLE },
  { to: '/dashboard/sales', label: 'dashboard.nav.sales', permission: 'sales-list', group: PEOPLE },
  { to: '/dashboard/roles', label: 'dashboard.nav.roles', permission: 'role-list', group: PEOPLE },
  { to: '/dashboard/offers', label: 'dashboard.nav.offers', permission: 'offer-list', group: MARKETING },
  { to: '/dashboard/copouns', label: 'dashboard.nav.copouns', permission: 'copoun-list', group: MARKETING },
  { to: '/dashboard/sms', label: 'dashboard.nav.sms', permission: 'sms-list', group: MARKETING },
  { to: '/dashboard/shipping', label: 'dashboard.nav.shipping', permission: 'shipping-list', group: SETTINGS },
  { to: '/dashboard/settings', label: 'dashboard.nav.settings', permission: 'setting-list', group: SETTINGS },
  { to: '/dashboard/search', label: 'dashboard.nav.search', permission: 'setting-list', group: SETTINGS },
  {
    to: '/dashboard/integrations',
    label: 'dashboard.nav.integrations',
    permission: 'integration-list',
    group: SETTINGS,
  },
];

/** The words of the menu's button and drawer on a phone. */
const PHONE_MENU: PhoneMenu = {
  button: 'dashboard.nav.menu',
  title: 'dashboard.nav.title',
  close: 'dashboard.nav.close',
};

/** The staff dashboard: a side menu of what the user may open, in groups (on a phone, behind a
 * menu button), the header's look-up of orders, people and products, and the page, with the
 * dashboard's texts. */
export function DashboardLayout() {
  const { user } = useSession();
  const links = LINKS.filter((link) => !link.permission || hasPermission(user, link.permission));
  return (
    <DashboardTexts>
      <SideLayout links={links} phone={PHONE_MENU} search={<LookupBox />} />
    </DashboardTexts>
  );
}
