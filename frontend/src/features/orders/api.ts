import { api } from '../../shared/api/client';
import type { OrderData } from '../../shared/api/types';

/** A guest order by its number and the phone it was placed with; a wrong pair is a 404,
 * answered quietly so the screen can say so in place. */
export function trackOrder(number: string, phone: string) {
  const query = new URLSearchParams({ number: number.trim(), phone: phone.trim() });
  return api<{ data: OrderData }>('GET', `guest-orders/track?${query}`, { silent: true });
}
