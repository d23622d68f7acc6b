import type { RouteObject } from 'react-router-dom';
import { PublicLayout } from '../layouts/PublicLayout';
import { Home } from '../../features/catalog/Home';
import { Products } from '../../features/catalog/Products';
import { ProductProfile } from '../../features/catalog/ProductProfile';
import { AddToCart } from '../../features/cart/AddToCart';
import { AboutUs, PrivacyPolicy, RefundPolicies, TermsAndConditions } from '../../features/content/ContentPage';
import { plainScreen, screen } from './screen';

/** The storefront: the catalogue and the content pages come with the first download, the
 * other screens on demand. */
export const storefrontRoutes: RouteObject = {
  path: '/',
  element: <PublicLayout />,
  children: [
    { index: true, element: <Home /> },
    { path: 'products', element: <Products /> },
    {
      path: 'products/:slug',
      element: <ProductProfile buy={(product) => <AddToCart key={product.id} product={product} />} />,
    },
    {
      path: 'offers/:id',
      ...plainScreen(
        () => import('../../features/catalog/OfferPage'),
        (m) => m.OfferPage,
      ),
    },
    // Shop by crop and by pest: their code and texts come when first visited.
    {
      path: 'crops',
      ...plainScreen(
        () => import('../../features/catalog/farm/CropPages'),
        (m) => m.Crops,
      ),
    },
    {
      path: 'crops/:slug',
      ...plainScreen(
        () => import('../../features/catalog/farm/CropPages'),
        (m) => m.CropPage,
      ),
    },
    {
      path: 'pests/:slug',
      ...plainScreen(
        () => import('../../features/catalog/farm/CropPages'),
        (m) => m.PestPage,
      ),
    },
    // With the first download, like the catalogue: the server paints them, and a screen still
    // loading would blank that out.
    { path: 'about-us', element: <AboutUs /> },
    { path: 'terms-and-conditions', element: <TermsAndConditions /> },
    { path: 'privacy-policy', element: <PrivacyPolicy /> },
    { path: 'refund-policies', element: <RefundPolicies /> },
    {
      path: 'cart',
      ...plainScreen(
        () => Promise.all([import('../../features/cart/CartScreen'), import('../../features/checkout/CartActions')]),
        ([cart, checkout]) =>
          function CartWithActions() {
            return <cart.CartScreen actions={<checkout.CartActions />} />;
          },
      ),
    },
    {
      // Outside /account: a guest checks out here too (spec §6).
      path: 'account/checkout',
      ...plainScreen(
        () => import('../../features/checkout/Checkout'),
        (m) => m.Checkout,
      ),
    },
    {
      path: 'order-success',
      ...plainScreen(
        () => import('../../features/checkout/OrderPlaced'),
        (m) => m.OrderPlaced,
      ),
    },
    {
      path: 'sms/opt-out/:token',
      ...screen(
        () => import('../../features/account/SmsOptOut'),
        (m) => m.SmsOptOut,
      ),
    },
    {
      path: 'confirm/:token',
      ...plainScreen(
        () => import('../../features/orders/ConfirmOrder'),
        (m) => m.ConfirmOrder,
      ),
    },
    {
      path: 'track-order',
      ...plainScreen(
        () => import('../../features/orders/TrackOrder'),
        (m) => m.TrackOrder,
      ),
    },
    {
      path: 'contact',
      ...plainScreen(
        () => import('../../features/content/Contact'),
        (m) => m.Contact,
      ),
    },
  ],
};
