import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { BottomNav } from './BottomNav';
import { SkipLink } from '../../shared/ui/SkipLink';
import { Footer } from '../../shared/ui/Footer';
import { usePhone } from '../../shared/ui/usePhone';
import { OfflineNotice } from '../../shared/ui/OfflineNotice';

/** The storefront: a skip link, header, page, footer, and the phone's bottom bar. */
export function PublicLayout() {
  const phone = usePhone();
  return (
    <>
      <SkipLink />
      <OfflineNotice />
      <Header accountBelow={phone} />
      <main className="page" id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {phone && <BottomNav />}
    </>
  );
}
