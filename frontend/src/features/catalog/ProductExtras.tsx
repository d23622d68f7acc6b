import { lazy } from 'react';
import DeliveryPromise from './DeliveryPromise';
import type { Agronomy } from './farm/api';

/** The product as its page has it. */
interface PageProduct {
  id: number;
  in_stock: boolean;
  agronomy?: Agronomy | null;
}

// Only farm products have it, so only their pages download it.
const ProductAgronomy = lazy(() => import('./farm/ProductAgronomy'));
// Only a product out of stock offers it.
const BackInStock = lazy(() => import('./BackInStock'));

/** What follows a product's description, fetched after the page: the way to hear when a
 * product out of stock is back, a farm product's safety and use block and dose calculator,
 * then the delivery promise. */
export default function ProductExtras({ product }: { product: PageProduct }) {
  return (
    <>
      {!product.in_stock && <BackInStock productId={product.id} />}
      {product.agronomy && <ProductAgronomy productId={product.id} agronomy={product.agronomy} />}
      <DeliveryPromise />
    </>
  );
}
