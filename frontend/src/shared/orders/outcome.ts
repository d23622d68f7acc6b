import type { OrderData } from '../api/types';

/** Whether an order has a delivery story to tell: a parcel with a courier, attempts the courier
 * could not make, or a cancellation that was not simply called off. */
export function hasOutcome(order: OrderData): boolean {
  return !!order.shipment || order.failed_attempts.length > 0 || (order.cancelled_as ?? 'called_off') !== 'called_off';
}
