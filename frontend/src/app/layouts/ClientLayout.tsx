import { SideLayout } from './SideLayout';

const LINKS = [
  { to: '/account/settings', label: 'nav.settings' },
  { to: '/account/orders-history', label: 'nav.orders' },
  { to: '/account/shipping-address', label: 'addresses.title' },
  { to: '/account/points-exchange', label: 'nav.points' },
  { to: '/account/notifications', label: 'nav.notifications' },
];

/** The client's account: a side menu and the page, and on a phone the shop's bottom bar with
 * the cart. */
export function ClientLayout() {
  return <SideLayout links={LINKS} bottomBar />;
}
