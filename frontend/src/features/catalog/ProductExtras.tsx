import { lazy } from 'react';
import DeliveryPromise from './DeliveryPromise';
import type { Agronomy } from './farm/api';

/** The product as its page has it. */
interface PageProduct {
  id: number;
  agronomy?: Agronomy | null;
}

// Only farm products have it, so only their pages download it.
const ProductAgronomy = lazy(() => import('./farm/ProductAgronomy'));

/** What follows a product's description, fetched after the page: a farm product's safety and
 * use block and dose calculator, then the delivery promise. */
export default function ProductExtras({ product }: { product: PageProduct }) {
  return (
    <>
      {product.agronomy && <ProductAgronomy productId={product.id} agronomy={product.agronomy} />}
      <DeliveryPromise />
    </>
  );
}
