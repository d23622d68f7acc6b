// Cash on delivery's first step, in each language against the real binary: a guest's order
// awaits confirmation; the buyer confirms it from the link its SMS carried and staff see how;
// another order is confirmed by staff after their call, from the order's page.
import { expect, test, uniquePhone } from './fixtures';

const TEXT = {
  ar: { awaiting: 'بانتظار التأكيد', byLink: 'برابط المشتري', byPhone: 'بالهاتف' },
  en: { awaiting: 'Awaiting confirmation', byLink: "by the buyer's link", byPhone: 'by phone' },
};

test('the buyer confirms from the texted link, and staff confirm another order after their call', async ({
  page,
  language,
  request,
  outbox,
  staffApi,
  openPage,
}) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Trial rocket seeds', 'بذور جرجير للتأكيد', 25);
  const guestOrder = async (phone: string) => {
    const placed = await request.post('/api/guest-orders/checkout', {
      data: { name: 'Mona', phone, address: 'Farm road', city_id: 1, items: [{ id: seeds.id, quantity: 1 }] },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return (await placed.json()).data as { id: number; number: string };
  };
  const phone = uniquePhone('011');
  const first = await guestOrder(phone);
  const second = await guestOrder(uniquePhone('012'));

  let sms = '';
  await expect
    .poll(
      () => (sms = outbox.sentTo(`+2${phone}`).find((body) => body.includes('/confirm/')) ?? ''),
      'the SMS with the link',
    )
    .not.toBe('');
  await page.goto(new URL(sms.slice(sms.indexOf('http'))).pathname);
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('order-confirmed')).toContainText(first.number);

  const staff = await openPage('admin');
  await staff.goto(`/dashboard/orders-actions?id=${first.id}&list=guest`);
  await expect(staff.getByTestId('order-confirmation')).toContainText(t.byLink);

  await staff.goto(`/dashboard/orders-actions?id=${second.id}&list=guest`);
  await expect(staff.getByTestId('order-confirmation')).toContainText(t.awaiting);
  await staff.getByTestId('confirm-call').click();
  await expect(staff.getByTestId('order-confirmation')).toContainText(t.byPhone);
  await expect(staff.getByTestId('order-confirmation')).not.toContainText(t.awaiting);
});
