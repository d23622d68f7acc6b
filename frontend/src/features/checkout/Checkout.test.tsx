import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { priced } from '../../test/cart';
import { anOrder } from '../../test/orders';
import { verifiedClient } from '../../test/users';
import { applyLanguage } from '../../shared/i18n/language';
import { session } from '../../shared/session/session';
import { addToCart, cartLines } from '../../shared/cart/localCart';
import { Checkout } from './Checkout';
import { orderTotals } from './api';

const cash = { accepted: true, fee_kind: 'none', fee: 0 };
const cities = [
  { id: 1, name: 'Cairo', shipping_cost: 50, cod: cash },
  { id: 2, name: 'Giza', shipping_cost: 45, cod: cash },
  { id: 3, name: 'Luxor', shipping_cost: 60, cod: { accepted: true, fee_kind: 'percent', fee: 1.5 } },
];

/** A promo check that knows one code, SAVE10, taking off what `discount` says today. */
const promoCheck = (discount: () => number) =>
  http.post('*/api/copouns/check', async ({ request }) => {
    const { copoun } = (await request.json()) as { copoun: string };
    return copoun === 'SAVE10'
      ? HttpResponse.json({
          message: `Promo code applied: EGP ${discount()} off.`,
          data: { code: 'SAVE10', type: 'percent', value: 10, discount: discount() },
        })
      : HttpResponse.json(
          { message: 'This promo code does not exist.', errors: { copoun: ['This promo code does not exist.'] } },
          { status: 422 },
        );
  });

beforeEach(() => {
  applyLanguage('en');
  localStorage.clear();
});

describe('orderTotals', () => {
  it('sums in piastres, never discounts below zero and never touches shipping', () => {
    expect(orderTotals(0.1, 0, 0.2, 0)).toMatchObject({ total: 0.3, expected: '0.30' });
    expect(orderTotals(40, 100, 50, 15)).toMatchObject({ discount: 40, total: 65, expected: '65.00' });
    expect(orderTotals(320, 32, 50, 15)).toMatchObject({ total: 353, expected: '353.00' });
  });

  it("adds the city's cash fee as the server does: flat, or a share of the rest to the nearest piastre", () => {
    const terms = (fee_kind: string, fee: number) => ({ accepted: true, fee_kind, fee });
    expect(orderTotals(320, 20, 50, 15, terms('none', 0))).toMatchObject({ codFee: 0, expected: '365.00' });
    expect(orderTotals(320, 20, 50, 15, terms('flat', 12.5))).toMatchObject({ codFee: 12.5, expected: '377.50' });
    // 1.5 % of 365 is 5.475: the server rounds it to 5.48, and so does the page.
    expect(orderTotals(320, 20, 50, 15, terms('percent', 1.5))).toMatchObject({ codFee: 5.48, expected: '370.48' });
  });
});

describe('Checkout', () => {
  it("places a client's order once per attempt: the same key on a retry, the changed total confirmed with a fresh one", async () => {
    session.signIn(verifiedClient);
    let soilPrice = 100;
    const attempts: Array<{ key: string | null; body: Record<string, unknown> }> = [];
    server.use(
      http.get('*/api/cart', () =>
        HttpResponse.json(
          priced(
            [
              { id: 1, quantity: 3 },
              { id: 2, quantity: 2 },
            ],
            { 2: soilPrice },
          ),
        ),
      ),
      http.get('*/api/addresses', () =>
        HttpResponse.json({
          data: [{ id: 5, label: 'home', address: '12 Nile St', landmark: 'the bakery', shipping_city: cities[0] }],
        }),
      ),
      http.get('*/api/shipping-cities', () => HttpResponse.json({ data: cities })),
      promoCheck(() => (120 + 2 * soilPrice) / 10),
      http.post('*/api/orders/checkout', async ({ request }) => {
        attempts.push({
          key: request.headers.get('Idempotency-Key'),
          body: (await request.json()) as Record<string, unknown>,
        });
        if (attempts.length === 1) return HttpResponse.error();
        if (attempts.length === 2) {
          soilPrice = 90;
          const message = 'The total is now EGP 335.00. Please check the new figures and confirm.';
          return HttpResponse.json({ message, errors: { expected_total: [message] } }, { status: 422 });
        }
        return HttpResponse.json(
          { message: 'Your order has been placed.', data: anOrder({ number: 'MS-2026-000009' }) },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderAt('/account/checkout', { '/account/checkout': <Checkout /> });

    expect(await screen.findByText('Home · Cairo - 12 Nile St - EGP 50 · near the bakery')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('totals-total')).toHaveTextContent('EGP 385'));
    expect(screen.getByTestId('totals-shipping-extra')).toHaveTextContent('EGP 15');

    await user.type(await screen.findByLabelText('Promo code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByTestId('promo-message')).toHaveTextContent('This promo code does not exist.');
    await user.clear(screen.getByLabelText('Promo code'));
    await user.type(screen.getByLabelText('Promo code'), 'SAVE10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByTestId('promo-message')).toHaveTextContent('Promo code applied: EGP 32 off.'),
    );
    expect(screen.getByTestId('totals-discount')).toHaveTextContent('EGP -32');
    expect(screen.getByTestId('totals-total')).toHaveTextContent('EGP 353');

    // The network fails: the retry is the same attempt, under the same key.
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(attempts).toHaveLength(1));
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(attempts).toHaveLength(2));
    expect(attempts[1]!.key).toBe(attempts[0]!.key);
    expect(attempts[1]!.body).toEqual({
      address_id: 5,
      type: 'self',
      copoun: 'SAVE10',
      payment_method: 'cash_on_delivery',
      expected_total: '353.00',
    });

    // The total changed: the new figures are shown and the buyer confirms them.
    expect(await screen.findByTestId('checkout-refusal')).toHaveTextContent('The total is now EGP 335.00');
    await waitFor(() => expect(screen.getByTestId('totals-subtotal')).toHaveTextContent('EGP 300'));
    await user.click(screen.getByRole('button', { name: 'Confirm the new total and place the order' }));
    await waitFor(() => expect(attempts).toHaveLength(3));
    expect(attempts[2]!.key).not.toBe(attempts[1]!.key);
    expect(attempts[2]!.body.expected_total).toBe('335.00');
    // A client lands on the guest's success page, which offers to confirm at once.
    const location = await screen.findByTestId('location');
    await waitFor(() => expect(location).toHaveTextContent('/order-success'));
    expect(location.dataset.search).toContain('number=MS-2026-000009');
  });

  it('sends an order for someone else with a new address, and asks for what is missing first', async () => {
    session.signIn(verifiedClient);
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.get('*/api/cart', () => HttpResponse.json(priced([{ id: 1, quantity: 1 }]))),
      http.get('*/api/addresses', () => HttpResponse.json({ data: [] })),
      http.get('*/api/shipping-cities', () => HttpResponse.json({ data: cities })),
      http.post('*/api/orders/checkout', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: 'Placed.', data: anOrder() }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/account/checkout', { '/account/checkout': <Checkout /> });

    await user.click(await screen.findByLabelText('For someone else'));
    expect(screen.getByText('Choose a governorate to see the shipping and the total.')).toBeInTheDocument();
    await user.click(screen.getByTestId('place-order'));
    for (const message of ['Address is required', 'Governorate is required', 'Name is required', 'Phone is required'])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.selectOptions(screen.getByLabelText('Governorate'), '2');
    await user.type(screen.getByLabelText('Address'), 'Farm road');
    await user.type(screen.getByLabelText("Receiver's name"), 'Huda');
    await user.type(screen.getByLabelText("Receiver's phone"), '٠١١١٢٣٤٥٦٧٨');
    await user.type(screen.getByLabelText('Notes for the shop (optional)'), 'Gate 2');
    expect(screen.getByTestId('totals-total')).toHaveTextContent('EGP 85');
    expect(screen.queryByTestId('totals-cod-fee')).toBeNull();
    // Luxor takes 1.5 % for cash at the door: of 40 + 60, 1.50, a line of its own.
    await user.selectOptions(screen.getByLabelText('Governorate'), '3');
    expect(screen.getByTestId('totals-cod-fee')).toHaveTextContent('1.5');
    expect(screen.getByTestId('totals-total')).toHaveTextContent('101.5');
    await user.selectOptions(screen.getByLabelText('Governorate'), '2');
    await user.click(screen.getByTestId('place-order'));
    await waitFor(() =>
      expect(sent).toEqual({
        address: 'Farm road',
        city_id: 2,
        type: 'other',
        receiver_name: 'Huda',
        receiver_phone: '٠١١١٢٣٤٥٦٧٨',
        notes: 'Gate 2',
        payment_method: 'cash_on_delivery',
        expected_total: '85.00',
      }),
    );
  });

  it('lets a guest log in to check out or continue as a guest, ending on the success screen', async () => {
    addToCart(1, 2);
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/cart/quote', async ({ request }) => {
        const { items } = (await request.json()) as { items: Array<{ id: number; quantity: number }> };
        return HttpResponse.json(priced(items));
      }),
      http.get('*/api/shipping-cities', () => HttpResponse.json({ data: cities })),
      http.post('*/api/guest-orders/checkout', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { message: 'Keep its number.', data: anOrder({ number: 'MS-2026-000011', source: 'guest' }) },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderAt('/account/checkout', { '/account/checkout': <Checkout /> });

    const choice = await screen.findByTestId('checkout-choice');
    expect(within(choice).getByRole('link', { name: 'Login & Checkout' })).toHaveAttribute(
      'href',
      '/auth/login?next=/account/checkout',
    );
    await user.click(within(choice).getByRole('button', { name: 'Continue as Guest' }));
    // The guest's form is downloaded when chosen.
    await user.click(await screen.findByTestId('place-order'));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(sent).toBeNull();

    // The browser fills what it knows of the buyer.
    expect(screen.getByLabelText('Full name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Address')).toHaveAttribute('autocomplete', 'street-address');
    await user.type(screen.getByLabelText('Full name'), 'Mona');
    await user.type(screen.getByLabelText('Mobile number'), '01112345678');
    await user.selectOptions(screen.getByLabelText('Governorate'), '1');
    await user.type(screen.getByLabelText('Address'), 'Farm road');
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/order-success');
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?number=MS-2026-000011');
    expect(sent).toMatchObject({
      name: 'Mona',
      phone: '01112345678',
      city_id: 1,
      address: 'Farm road',
      items: [{ id: 1, quantity: 2 }],
      source: 'guest',
      expected_total: '130.00',
    });
    expect(cartLines()).toEqual([]);
  });

  it('asks a guest to acknowledge the safety of a dangerous product, naming it, and sends the acknowledgement', async () => {
    addToCart(3, 1);
    addToCart(1, 1);
    const sent: Array<Record<string, unknown>> = [];
    const refusal = 'Your order holds a highly hazardous or restricted pesticide: read its safety instructions.';
    server.use(
      http.post('*/api/cart/quote', async ({ request }) => {
        const { items } = (await request.json()) as { items: Array<{ id: number; quantity: number }> };
        return HttpResponse.json(priced(items));
      }),
      http.get('*/api/shipping-cities', () => HttpResponse.json({ data: cities })),
      http.post('*/api/guest-orders/checkout', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (!body.acknowledged_safety) {
          return HttpResponse.json({ message: refusal, errors: { acknowledged_safety: [refusal] } }, { status: 422 });
        }
        return HttpResponse.json({ message: 'Keep its number.', data: anOrder({ source: 'guest' }) }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/account/checkout', { '/account/checkout': <Checkout /> });
    await user.click(await screen.findByRole('button', { name: 'Continue as Guest' }));
    await user.type(await screen.findByLabelText('Full name'), 'Mona');
    await user.type(screen.getByLabelText('Mobile number'), '01112345678');
    await user.selectOptions(screen.getByLabelText('Governorate'), '1');
    await user.type(screen.getByLabelText('Address'), 'Farm road');

    const acknowledgement = screen.getByTestId('safety-acknowledgement');
    expect(acknowledgement).toHaveTextContent('the label of Methomyl 90% SP and will follow them');
    expect(acknowledgement).not.toHaveTextContent('Mint seeds');
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('checkout-refusal')).toHaveTextContent(refusal);
    expect(sent[0]).toMatchObject({ acknowledged_safety: false });

    await user.click(within(acknowledgement).getByRole('checkbox'));
    await user.click(screen.getByTestId('place-order'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/order-success');
    expect(sent[1]).toMatchObject({
      acknowledged_safety: true,
      items: [
        { id: 3, quantity: 1 },
        { id: 1, quantity: 1 },
      ],
    });
  });
});
