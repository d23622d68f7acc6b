import type { OrderData } from '../shared/api/types';

/** A new web order of two mint seed packets to Giza, as the API answers it; `changes` override
 * its fields. */
export function anOrder(changes: Partial<OrderData> = {}): OrderData {
  return {
    id: 3,
    number: 'MS-2026-000003',
    status: 'new',
    status_label: 'New',
    source: 'web',
    type: 'self',
    can_cancel: true,
    safety_acknowledged: false,
    confirmation: { state: 'awaiting' },
    cancelled_as: null,
    failed_attempts: [],
    created_at: '2026-11-20T10:00:00Z',
    payment_method: 'cash_on_delivery',
    customer: { name: 'Samir', phone: '01012345678' },
    address: { address: 'Farm road', city: { id: 2, name: 'Giza' } },
    items: [
      {
        product_id: 1,
        slug: 'mint',
        name: 'Mint seeds',
        image: null,
        quantity: 2,
        unit_price: 40,
        weight: 0.25,
        line_total: 80,
        batches: [],
      },
    ],
    history: [],
    subtotal: 80,
    discount: 0,
    shipping_base: 50,
    shipping_extra: 0,
    shipping_total: 50,
    cod_fee: 0,
    returns: [],
    total: 130,
    total_weight: 0.5,
    ...changes,
  };
}
