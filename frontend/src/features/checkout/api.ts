import { answer, api } from '../../shared/api/client';
import type { CashTerms, OrderData } from '../../shared/api/types';
import type { CartLine } from '../../shared/cart/localCart';

/** What both checkouts answer: the server's message, the order and, while it awaits
 * confirmation, the link that confirms it. */
export interface Placed {
  message: string;
  data: OrderData;
  confirmation_url?: string | null;
}

/** A client's checkout of the server cart (design §4): a saved address or a new one. */
export interface ClientOrderBody {
  address_id?: number;
  address?: string;
  city_id?: number;
  type: 'self' | 'other';
  receiver_name?: string;
  receiver_phone?: string;
  notes?: string;
  copoun?: string;
  payment_method: 'cash_on_delivery';
  expected_total: string;
}

/** A guest's (or a WhatsApp) checkout of the browser cart. */
export interface GuestOrderBody {
  name: string;
  phone: string;
  address: string;
  landmark?: string;
  city_id: number;
  items: CartLine[];
  notes?: string;
  copoun?: string;
  source: 'guest' | 'whatsapp';
  payment_method: 'cash_on_delivery';
  expected_total: string;
}

/** Places the client's order; the key makes a repeat of this attempt harmless. */
export function placeOrder(body: ClientOrderBody, key: string) {
  return answer(api.POST('/api/orders/checkout', { body, params: { header: { 'Idempotency-Key': key } } }), {
    silent: true,
  });
}

/** Places a guest's order; the key makes a repeat of this attempt harmless. */
export function placeGuestOrder(body: GuestOrderBody, key: string) {
  return answer(api.POST('/api/guest-orders/checkout', { body, params: { header: { 'Idempotency-Key': key } } }), {
    silent: true,
  });
}

/** What a promo code takes off, with the shop's message for the coupon line. */
export interface PromoCheck {
  message: string;
  data: { code: string; type: string; value: number; discount: number };
}

/** Checks a code against the signed-in client's server cart, or against a guest's `items`. */
export function checkPromo(copoun: string, items: CartLine[] | undefined) {
  return answer(api.POST('/api/copouns/check', { body: { copoun, items } }), { silent: true });
}

/** An order's figures in pounds, summed in whole piastres so no float error reaches the total. */
export interface OrderTotals {
  subtotal: number;
  discount: number;
  shippingBase: number;
  shippingExtra: number;
  codFee: number;
  total: number;
  /** The total as the server reads `expected_total`. */
  expected: string;
}

/** The totals the buyer sees before placing the order, as the server will reckon them: the
 * discount never takes the subtotal below zero and never touches shipping (design §5); the
 * city's cash fee is flat or a share of the rest, to the nearest piastre. */
export function orderTotals(
  subtotal: number,
  discount: number,
  shippingBase: number,
  shippingExtra: number,
  cod?: CashTerms,
): OrderTotals {
  const piastres = (pounds: number) => Math.round(pounds * 100);
  const off = Math.min(piastres(discount), piastres(subtotal));
  const collected = piastres(subtotal) - off + piastres(shippingBase) + piastres(shippingExtra);
  const fee =
    cod?.fee_kind === 'flat'
      ? piastres(cod.fee)
      : cod?.fee_kind === 'percent'
        ? Math.round((collected * piastres(cod.fee)) / 10000)
        : 0;
  const total = collected + fee;
  return {
    subtotal,
    discount: off / 100,
    shippingBase,
    shippingExtra,
    codFee: fee / 100,
    total: total / 100,
    expected: (total / 100).toFixed(2),
  };
}
