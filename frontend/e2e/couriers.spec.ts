// A parcel with a courier, in each language against the real binary and a fake Bosta: staff
// confirm the order after the call and hand it to Bosta from its page; Bosta reports the
// pick-up and the delivery by webhook; staff see it delivered with the cash collected, and the
// buyer's tracking shows the courier's link and each state with its date.
import { BOSTA_SECRET, BOSTA_SECRET_HEADER } from './fake-bosta.mjs';
import { expect, guestOrder, test, uniquePhone, wcagViolations } from './fixtures';

const TEXT = {
  ar: { pickedUp: 'استلمته شركة الشحن', delivered: 'تم التوصيل', status: 'تم التوصيل' },
  en: { pickedUp: 'Picked up by the courier', delivered: 'Delivered', status: 'Delivered' },
};

test('staff hand a confirmed order to Bosta, Bosta reports its delivery, and the buyer follows it', async ({
  page,
  language,
  request,
  staffApi,
  openPage,
}) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Couriered okra seeds', 'بذور بامية مع المندوب', 40);
  const phone = uniquePhone('012');
  const order = await guestOrder(request, seeds.id, phone, 2);

  const staff = await openPage('admin');
  staff.on('dialog', (dialog) => void dialog.accept());
  await staff.goto(`/dashboard/orders-actions?id=${order.id}&list=guest`);
  await staff.getByTestId('confirm-call').click();
  await expect(staff.getByTestId('courier-choice')).toHaveValue('bosta');
  expect(await wcagViolations(staff)).toEqual([]);
  await staff.getByTestId('hand-over').click();
  const tracking = staff.getByTestId('tracking-link');
  await expect(tracking).toHaveText(/^71\d{5}$/);
  const number = (await tracking.textContent()) ?? '';
  await expect(staff.getByTestId('airway-bill')).toBeVisible();

  const report = async (state: number, at: number) => {
    const answer = await request.post('/api/couriers/bosta/webhook', {
      headers: { [BOSTA_SECRET_HEADER]: BOSTA_SECRET },
      data: { _id: 'fake', trackingNumber: number, state, type: 'SEND', cod: 80, timeStamp: at },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  const now = Date.now();
  await report(21, now - 60_000);
  await report(45, now);

  await staff.reload();
  await expect(staff.getByTestId('order-status')).toHaveText(t.status);
  await expect(staff.getByTestId('order-courier')).toContainText('80');
  await expect(staff.locator('[data-testid="shipment-event"][data-state="delivered"]')).toContainText(t.delivered);

  await page.goto(`/track-order?number=${order.number}`);
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByTestId('track-form').locator('button[type="submit"]').click();
  await expect(page.getByTestId('tracking-link')).toHaveAttribute('href', new RegExp(`shipment-number=${number}$`));
  const events = page.getByTestId('shipment-event');
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText(t.pickedUp);
  await expect(events.nth(1)).toContainText(t.delivered);
});
