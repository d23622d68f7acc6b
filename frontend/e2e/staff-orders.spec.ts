// Running the orders, in each language against the real binary: a client's order is seen by
// staff in new orders and on the bell, sent out and delivered, the client hears of each step on
// their own bell and history and downloads the invoice; a guest order is cancelled from the
// guest lists and its stock comes back; a sales engineer sees only their own clients' orders.
import type { Page } from '@playwright/test';
import {
  CLIENT_PASSWORD,
  clientOrder,
  expect,
  expectNoSidewaysScroll,
  logIn,
  newClient,
  test,
  uniquePhone,
} from './fixtures';

const TEXT = {
  ar: {
    onDelivery: 'جارٍ التوصيل',
    delivered: 'تم التوصيل',
    cancelled: 'ملغي',
    onItsWay: 'طلبك في الطريق',
    invoiceDone: 'تم تحميل ملف PDF بنجاح!',
    notFound: 'الصفحة غير موجودة',
  },
  en: {
    onDelivery: 'On delivery',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
    onItsWay: 'Your order is on its way',
    invoiceDone: 'PDF downloaded successfully!',
    notFound: 'Page not found',
  },
};

const SEARCH = {
  ar: 'ابحث برقم الطلب أو الهاتف أو بكلمات كاملة من الاسم أو المنتج',
  en: 'Search by number, phone, or whole words of a name or product',
};

/** Searches a dashboard order list for `number`. */
async function search(page: Page, number: string) {
  const language = (await page.locator('html').getAttribute('lang')) === 'ar' ? 'ar' : 'en';
  await page.getByRole('textbox', { name: SEARCH[language] }).fill(number);
  await expect(page).toHaveURL(new RegExp(`search=${number}`));
}

test('staff run a client order to delivery while the client follows on the bell and downloads the invoice', async ({
  page,
  language,
  request,
  outbox,
  staffApi,
  openPage,
}) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Trial basil seeds', 'بذور ريحان تجريبية', 35);
  const client = await newClient(request, outbox, language === 'ar' ? '0106' : '0116');
  const order = await clientOrder(request, client.token, seeds.id, 2);

  const staff = await openPage('admin');
  await staff.goto('/dashboard/new-orders');
  await expect(staff.getByTestId('bell-count')).not.toHaveText(/^0?$/);
  await search(staff, order.number);
  const row = staff.getByTestId('staff-order-row').filter({ hasText: order.number });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: order.number }).click();
  await staff.waitForURL(`**/dashboard/orders-actions?id=${order.id}`);
  await expect(staff.getByTestId('call-customer')).toHaveAttribute('href', `tel:${client.phone}`);
  // Each move asks first.
  staff.on('dialog', (dialog) => dialog.accept());
  await staff.getByTestId('move-on_delivery').click();
  await expect(staff.getByTestId('order-status')).toHaveText(t.onDelivery);
  await expect(staff.getByTestId('move-on_delivery')).toHaveCount(0);

  await logIn(page, client.phone, CLIENT_PASSWORD);
  await page.waitForURL('**/products');
  await expect(page.getByTestId('bell-count')).toHaveText('2');
  await page.getByTestId('bell').click();
  await page.waitForURL('**/account/notifications');
  await expect(page.getByTestId('notification').first()).toContainText(t.onItsWay);
  // The notice opens its own order, with the way to all of them.
  await page.getByTestId('notification').first().click();
  await page.waitForURL(/\/account\/orders-history\?order=\d+$/);
  await expect(page.getByTestId('order-summary')).toHaveCount(1);
  await expect(page.getByTestId('order-status')).toHaveText(t.onDelivery);
  await expect(page.getByTestId('all-orders')).toBeVisible();

  await staff.getByTestId('move-delivered').click();
  await expect(staff.getByTestId('order-status')).toHaveText(t.delivered);
  await page.reload();
  await expect(page.getByTestId('order-status').first()).toHaveText(t.delivered);
  const download = page.waitForEvent('download');
  await page.getByTestId('invoice-download').first().click();
  expect((await download).suggestedFilename()).toBe(`invoice-${order.number}.pdf`);
  await expect(page.getByText(t.invoiceDone)).toBeVisible();
});

test('a guest order appears in the guest lists and staff cancel it, undo the wrong tap and cancel it again, its stock following', async ({
  language,
  request,
  staffApi,
  openPage,
}) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Trial chard seeds', 'بذور سلق تجريبية', 25, 10);
  const placed = await request.post('/api/guest-orders/checkout', {
    data: {
      name: 'Mona',
      phone: uniquePhone('0112'),
      address: 'Farm road',
      city_id: 2,
      items: [{ id: seeds.id, quantity: 3 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = (await placed.json()).data;
  await expect.poll(() => staffApi.stock(seeds.id)).toBe(7);

  const staff = await openPage('admin');
  staff.on('dialog', (dialog) => dialog.accept());
  await staff.goto('/dashboard/new-guest-orders');
  await search(staff, number);
  // On a phone each order is a card with its first step — a guest's order awaits its call —
  // and nothing scrolls sideways.
  const card = staff.getByTestId('staff-order-row').filter({ hasText: number });
  await expect(card.getByTestId('card-call')).toBeVisible();
  await expect(card.getByTestId('card-next-move')).toHaveCount(0);
  await expectNoSidewaysScroll(staff);
  await card.getByRole('link', { name: number }).click();
  await staff.waitForURL('**/dashboard/orders-actions?id=*&list=guest');
  await staff.getByTestId('move-cancelled').click();
  await expect(staff.getByTestId('order-status')).toHaveText(t.cancelled);
  await expect.poll(() => staffApi.stock(seeds.id)).toBe(10);
  // A wrong tap is undone: the order is new again and its units are taken again.
  await staff.getByTestId('undo-move').click();
  await expect(staff.getByTestId('move-cancelled')).toBeVisible();
  await expect(staff.getByTestId('undo-move')).toHaveCount(0);
  await expect.poll(() => staffApi.stock(seeds.id)).toBe(7);
  await staff.getByTestId('move-cancelled').click();
  await expect(staff.getByTestId('order-status')).toHaveText(t.cancelled);
  await expect.poll(() => staffApi.stock(seeds.id)).toBe(10);

  await staff.goto('/dashboard/cancelled-guest-orders');
  await search(staff, number);
  await expect(staff.getByTestId('staff-order-row').filter({ hasText: number })).toHaveCount(1);
});

test('a sales engineer sees the orders of their own clients only', async ({
  page,
  language,
  request,
  outbox,
  staffApi,
}) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Trial rocket seeds', 'بذور جرجير تجريبية', 20);
  const mine = await newClient(request, outbox, language === 'ar' ? '0107' : '0117');
  const theirs = await newClient(request, outbox, language === 'ar' ? '0108' : '0118');
  const ownOrder = await clientOrder(request, mine.token, seeds.id);
  const otherOrder = await clientOrder(request, theirs.token, seeds.id);
  const delta = await request.post('/api/auth/login', { data: { username: '01000000004', password: 'Mahsoul2026' } });
  const deltaId = (await delta.json()).data.id;
  expect((await staffApi.assign(otherOrder.id, deltaId)).status()).toBe(200);

  await logIn(page, '01000000002');
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/dashboard/orders');
  await search(page, ownOrder.number);
  await expect(page.getByTestId('staff-order-row').filter({ hasText: ownOrder.number })).toHaveCount(1);
  await search(page, otherOrder.number);
  await expect(page.getByTestId('orders-none')).toBeVisible();
  await page.goto(`/dashboard/orders-actions?id=${otherOrder.id}`);
  await expect(page.getByText(t.notFound)).toBeVisible();
  await expect(page.getByTestId('call-customer')).toHaveCount(0);
});
