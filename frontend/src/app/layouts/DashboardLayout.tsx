import { SideLayout } from './SideLayout';

const LINKS = [{ to: '/dashboard/overview', label: 'dashboard.nav.overview' }];

/** The staff dashboard: a side menu and the page. */
export function DashboardLayout() {
  return <SideLayout links={LINKS} />;
}
