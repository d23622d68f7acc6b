// Points, in each language against the real binary: a client's order is delivered and their
// points rise; they exchange them for a coupon on the points screen, copy it, and take its
// discount off their next order at checkout.
import { CLIENT_PASSWORD, clientOrder, expect, logIn, newClient, test } from './fixtures';

const TEXT = {
  ar: {
    balance: (points: number) => `${points} نقطة`,
    exchange: 'استبدال',
    exchanged: 'تم استبدال النقاط بنجاح!',
    exchangedFor: (points: number, discount: number) => `لقد استبدلت ${points} نقطة بنجاح مقابل خصم ${discount}%.`,
    copied: 'تم نسخ الكوبون!',
    applied: 'تم تطبيق كود الخصم',
  },
  en: {
    balance: (points: number) => `${points} points`,
    exchange: 'Exchange',
    exchanged: 'Points exchanged successfully!',
    exchangedFor: (points: number, discount: number) =>
      `You have successfully exchanged ${points} points for a ${discount}% discount.`,
    copied: 'Coupon copied to clipboard!',
    applied: 'Promo code applied',
  },
};

test('a delivered order earns points, the client exchanges them, copies the coupon and takes its discount at checkout', async ({
  page,
  context,
  language,
  request,
  outbox,
  staffApi,
}) => {
  const t = TEXT[language];
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const seeds = await staffApi.addProduct('Points cucumber seeds', 'بذور خيار للنقاط', 100);
  // A cost no other test's rule has, so this card is the test's own.
  const cost = language === 'ar' ? 31 : 43;
  await staffApi.addPointsRule(cost, 10);
  const client = await newClient(request, outbox, language === 'ar' ? '0109' : '0119');
  const order = await clientOrder(request, client.token, seeds.id, 5);
  await staffApi.moveOrder(order.id, 'on_delivery');
  await staffApi.moveOrder(order.id, 'delivered');

  await logIn(page, client.phone, CLIENT_PASSWORD);
  await page.waitForURL('**/products');
  await page.goto('/account/points-exchange');
  // 5 × 100 EGP at 10 EGP a point.
  await expect(page.getByTestId('points-balance')).toHaveText(t.balance(50));
  const card = page.getByTestId('points-rule').filter({ hasText: t.balance(cost) });
  await card.getByRole('button', { name: t.exchange }).click();
  await page.getByTestId('confirm-exchange').click();
  await expect(page.getByText(t.exchanged)).toBeVisible();
  await expect(page.getByText(t.exchangedFor(cost, 10))).toBeVisible();
  await expect(page.getByTestId('points-balance')).toHaveText(t.balance(50 - cost));

  const coupon = page.getByTestId('new-coupon');
  const code = (await coupon.getByTestId('coupon-code').textContent())!.trim();
  expect(code).toMatch(/^PTS-[A-Z0-9]{8}$/);
  await coupon.getByRole('button', { name: language === 'ar' ? 'نسخ' : 'Copy' }).click();
  await expect(page.getByText(t.copied)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(code);

  // The next order: 2 × 100 EGP, 10 % off with the copied coupon.
  const headers = { Authorization: `Bearer ${client.token}` };
  expect((await request.post(`/api/cart/${seeds.id}`, { data: { quantity: 2 }, headers })).status()).toBe(200);
  await page.goto('/account/checkout');
  const form = page.getByTestId('client-checkout');
  await form.locator('select[name=city_id]').selectOption('1');
  await form.locator('input[name=address]').fill('12 Nile St, Dokki');
  await form.locator('input[name=copoun]').fill(copied);
  await form.locator('input[name=copoun]').press('Enter');
  await expect(page.getByTestId('promo-message')).toContainText(t.applied);
  await expect(page.getByTestId('totals-discount')).toContainText('20');
  await page.getByTestId('place-order').click();
  await page.waitForURL('**/order-success?number=*');
  await page.goto('/account/orders-history');
  await expect(page.getByTestId('order-summary').first()).toContainText('20');

  await page.goto('/account/points-exchange');
  await expect(page.getByTestId('last-coupon')).toContainText(language === 'ar' ? 'مستخدم' : 'Used');
});
