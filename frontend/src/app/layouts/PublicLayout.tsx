import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { Footer } from '../../shared/ui/Footer';

/** The storefront: header, page, footer. */
export function PublicLayout() {
  return (
    <>
      <Header />
      <main className="page">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
