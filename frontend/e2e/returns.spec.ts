// Returns, in each language against the real binary on a 360 px phone: a client asks to return
// a unit of their delivered order from their history; staff approve it, receive the parcel and
// refund it from the order's page; the client sees it refunded and the points it earned taken
// back.
import {
  CLIENT_PASSWORD,
  clientOrder,
  expect,
  expectNoSidewaysScroll,
  logIn,
  newClient,
  test,
  wcagViolations,
} from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

const TEXT = {
  ar: {
    ask: 'إرجاع منتجات',
    units: /الوحدات المرتجعة/,
    reason: 'لماذا تُرجعها؟',
    send: 'إرسال طلب الإرجاع',
    requested: 'مطلوب',
    approve: 'قبول',
    receive: 'تم الاستلام',
    refund: 'تم رد المبلغ نقدًا',
    refunded: 'تم رد المبلغ',
    pointsBack: 'استُرجعت 10 نقاط',
  },
  en: {
    ask: 'Return items',
    units: /units to return/,
    reason: 'Why are you returning them?',
    send: 'Send the return request',
    requested: 'Requested',
    approve: 'Approve',
    receive: 'Received',
    refund: 'Refunded in cash',
    refunded: 'Refunded',
    pointsBack: '10 points taken back',
  },
};

test('a client asks to return a unit, staff take it back and refund it, and its points go back', async ({
  page,
  language,
  request,
  outbox,
  staffApi,
  openPage,
}) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Returned melon seeds', 'بذور شمام مرتجعة', 100);
  const client = await newClient(request, outbox, language === 'ar' ? '0107' : '0117');
  const order = await clientOrder(request, client.token, seeds.id, 2);
  await staffApi.moveOrder(order.id, 'on_delivery');
  await staffApi.moveOrder(order.id, 'delivered');

  await logIn(page, client.phone, CLIENT_PASSWORD);
  await page.waitForURL('**/products');
  await page.goto('/account/orders-history');
  const summary = page.getByTestId('order-summary').filter({ hasText: order.number });
  await summary.getByRole('button', { name: t.ask }).click();
  await summary.getByRole('textbox', { name: t.units }).fill('1');
  await summary.getByRole('textbox', { name: t.reason }).fill('Cracked seeds');
  await summary.getByRole('button', { name: t.send }).click();
  await expect(summary.getByTestId('return-state')).toHaveText(t.requested);
  await expectNoSidewaysScroll(page);
  expect(await wcagViolations(page)).toEqual([]);

  const staff = await openPage('admin');
  staff.on('dialog', (dialog) => void dialog.accept());
  await staff.goto(`/dashboard/orders-actions?id=${order.id}`);
  const desk = staff.getByTestId('order-returns-desk');
  await desk.getByRole('button', { name: t.approve }).click();
  await desk.getByRole('button', { name: t.receive }).click();
  await desk.getByRole('button', { name: t.refund }).click();
  await expect(desk.getByTestId('return-state')).toHaveText(t.refunded);
  await expectNoSidewaysScroll(staff);
  expect(await wcagViolations(staff)).toEqual([]);
  expect(await staffApi.stock(seeds.id)).toBe(49);

  await page.reload();
  await expect(summary.getByTestId('return-state')).toHaveText(t.refunded);
  // 2 × 100 EGP earned 20 points at 10 EGP a point: the returned unit's 10 go back.
  await expect(summary.getByTestId('order-return')).toContainText(t.pointsBack);

  // The same seeds again, from the history: into the cart, which opens.
  await summary.getByTestId('order-again').click();
  await page.waitForURL('**/cart');
  await expect(
    page.getByTestId('cart-line').filter({ hasText: language === 'ar' ? seeds.nameAr : seeds.nameEn }),
  ).toBeVisible();
});
