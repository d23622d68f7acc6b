// Buying, in each language on a 360 px phone against the real binary: a guest's cart becomes a
// new client's order with a new address and a promo code; a guest checks out and tracks the
// order; a double click places one order; the WhatsApp order; and a city and a code that staff
// add on their screens, used by a buyer.
import {
  CLIENT_PASSWORD,
  arabicDigits,
  expect,
  expectNoSidewaysScroll,
  expectWithinWidth,
  logIn,
  newClient,
  test,
  uniquePhone,
  type OwnProduct,
} from './fixtures';
import type { Page } from '@playwright/test';

test.use({ viewport: { width: 360, height: 740 } });

const TEXT = {
  ar: {
    add: 'أضف إلى السلة',
    moved: 'تم نقل منتجات السلة بنجاح!',
    applied: 'تم تطبيق كود الخصم',
    guest: 'المتابعة كزائر',
    farm: 'المزرعة',
    near: 'بجوار البوابة الخضراء',
    receives: 'يستلمه حسن الخفير',
  },
  en: {
    add: 'Add to cart',
    moved: 'Cart items transferred successfully!',
    applied: 'Promo code applied',
    guest: 'Continue as Guest',
    farm: 'Farm',
    near: 'near البوابة الخضراء',
    receives: 'received by حسن الخفير',
  },
};

/** Adds each product to the cart from its page. */
async function addToCart(page: Page, language: 'ar' | 'en', ...products: OwnProduct[]) {
  for (const product of products) {
    await page.goto(`/products/${product.slug}`);
    await page.getByRole('button', { name: TEXT[language].add }).click();
    await expect(page.getByTestId('cart-count')).not.toHaveText(/^$/);
  }
}

/** Fills the guest order form (name, phone, city, address) of `form`. */
async function fillGuest(form: ReturnType<Page['getByTestId']>, phone: string, city = '2') {
  await form.locator('input[name=name]').fill('Mona');
  await form.locator('input[name=phone]').fill(phone);
  await form.locator('select[name=city_id]').selectOption(city);
  await form.locator('input[name=address]').fill('Farm road');
  await form.locator('input[name=landmark]').fill('خلف المسجد');
}

test('a guest cart becomes a new client order: register, verify, check out with a new address and a promo code', async ({
  page,
  language,
  outbox,
  staffApi,
}) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Trial okra seeds', 'بذور بامية تجريبية', 40);
  const soil = await staffApi.addProduct('Trial peat moss', 'بيتموس تجريبي', 100);
  const code = await staffApi.addCopoun('TEN', 'percent', 10);
  await addToCart(page, language, seeds, soil);
  await page.goto('/cart');
  await expect(page.getByTestId('shipping-rule')).toBeVisible();

  const phone = uniquePhone(language === 'ar' ? '010' : '011');
  const sent = outbox.size();
  await page.goto('/auth/register');
  await page.fill('input[name=name]', 'Samir');
  await page.fill('input[name=phone]', phone);
  await page.fill('input[name=password]', 'Harvest2026');
  await page.fill('input[name=password_confirmation]', 'Harvest2026');
  await page.click('button[type=submit]');
  // Registered: straight to the code screen.
  await page.waitForURL('**/auth/verify-account');
  await page.getByTestId('verify-form').waitFor();
  await page.fill('input[name=code]', await outbox.codeSentTo(`+2${phone}`, sent));
  await page.click('button[type=submit]');
  await expect(page.getByText(t.moved)).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.getByTestId('go-checkout').click();
  await page.waitForURL('**/account/checkout');
  const form = page.getByTestId('client-checkout');
  await form.locator('select[name=city_id]').selectOption('1');
  await form.locator('input[name=address]').fill('12 Nile St, Dokki');
  await form.locator('input[name=copoun]').fill(code.toLowerCase());
  await form.locator('input[name=copoun]').press('Enter');
  await expect(page.getByTestId('promo-message')).toContainText(t.applied);
  // 140 EGP of goods, 14 off, Cairo's 50 for shipping.
  await expect(page.getByTestId('totals-total')).toContainText('176');
  await expectNoSidewaysScroll(page);
  await page.getByTestId('place-order').click();

  // A client lands on the same success page as a guest: confirm now, by when.
  await page.waitForURL('**/order-success?number=*');
  await expect(page.getByTestId('placed-total')).toContainText('176');
  await expectWithinWidth(page, page.getByTestId('confirm-now'));
  await expectWithinWidth(page, page.getByTestId('confirm-before'));
  // Not confirmed yet, the history says so with the deadline, and confirms in a tap.
  await page.goto('/account/orders-history');
  const order = page.getByTestId('order-summary').first();
  await expectWithinWidth(page, order.getByTestId('awaiting-you'));
  await expectWithinWidth(page, order.getByTestId('confirm-order'));
  await order.getByTestId('confirm-order').click();
  await expect(order.getByTestId('awaiting-you')).toHaveCount(0);
  await expect(order).toContainText(language === 'ar' ? seeds.nameAr : seeds.nameEn);
  await expect(order.getByTestId('order-total')).toContainText('176');
  await expectNoSidewaysScroll(page);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
});

test('a guest checks out as a guest, lands on the success screen and tracks the order', async ({
  page,
  language,
  staffApi,
}) => {
  const seeds = await staffApi.addProduct('Trial cress seeds', 'بذور جرجير تجريبية', 30);
  await addToCart(page, language, seeds);
  await page.goto('/cart');
  await page.getByTestId('go-checkout').click();
  await page.getByRole('button', { name: TEXT[language].guest }).click();
  const phone = uniquePhone('012');
  const form = page.getByTestId('guest-order-form');
  await fillGuest(form, language === 'ar' ? arabicDigits(phone) : phone);
  await expectNoSidewaysScroll(page);
  await form.getByTestId('place-order').click();

  await page.waitForURL('**/order-success?number=*');
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).toMatch(/^MS-\d{4}-\d{6}$/);
  // The page tells the order whole: what was ordered, its total, where it goes.
  await expect(page.getByTestId('placed-line')).toContainText(language === 'ar' ? seeds.nameAr : seeds.nameEn);
  await expect(page.getByTestId('placed-total')).toBeVisible();
  await expect(page.getByTestId('copy-number')).toBeVisible();
  await expect(page.getByTestId('confirm-now')).toBeVisible();
  await page.getByTestId('track-it').click();
  await page.waitForURL('**/track-order?number=*');
  await page.getByTestId('track-form').locator('input[name=phone]').fill(phone);
  await page.getByTestId('track-form').locator('button[type=submit]').click();
  await expect(page.getByTestId('order-summary')).toContainText(number);
  await expect(page.getByTestId('order-summary')).toContainText('Farm road — خلف المسجد');
  await expect(page.getByTestId('order-item')).toContainText(language === 'ar' ? seeds.nameAr : seeds.nameEn);
});

test('a saved address with its recipient sends the order to them: the choice names them and fills them in', async ({
  page,
  language,
  request,
  outbox,
  staffApi,
}) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Trial dill seeds', 'بذور شبت تجريبية', 25);
  const { phone, token } = await newClient(request, outbox, '015');
  const headers = { Authorization: `Bearer ${token}` };
  const address = {
    label: 'farm',
    address: 'Farm road 4',
    city_id: 2,
    landmark: 'البوابة الخضراء',
    recipient_name: 'حسن الخفير',
    recipient_phone: '01098765432',
  };
  expect((await request.post('/api/addresses', { data: address, headers })).ok()).toBe(true);
  expect((await request.post(`/api/cart/${seeds.id}`, { data: { quantity: 1 }, headers })).status()).toBe(200);

  await logIn(page, phone, CLIENT_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto('/account/checkout');
  const form = page.getByTestId('client-checkout');
  const choice = form.getByRole('radio', { name: new RegExp(t.farm) });
  await expect(choice).toBeChecked();
  const line = form.locator('label').filter({ hasText: 'Farm road 4' });
  for (const part of [t.farm, t.near, t.receives]) await expect(line).toContainText(part);
  // The recipient comes with the address: "for someone else", their name and phone filled in.
  await expect(form.locator('input[name=type][value=other]')).toBeChecked();
  await expect(form.locator('input[name=receiver_name]')).toHaveValue('حسن الخفير');
  await expect(form.locator('input[name=receiver_phone]')).toHaveValue('01098765432');
  await expectNoSidewaysScroll(page);
  await form.getByTestId('place-order').click();
  await page.waitForURL('**/order-success?number=*');

  const orders = await (await request.get('/api/orders', { headers })).json();
  const placed = await (await request.get(`/api/orders/${orders.data[0].id}`, { headers })).json();
  expect([placed.data.receiver_name, placed.data.receiver_phone]).toEqual(['حسن الخفير', '01098765432']);
  expect(placed.data.address.address).toBe('Farm road 4 — البوابة الخضراء');
});

test('a double click on "place order" places one order', async ({ page, language, staffApi }) => {
  const seeds = await staffApi.addProduct('Trial chard seeds', 'بذور سلق تجريبية', 25, 50);
  await addToCart(page, language, seeds);
  await page.goto('/account/checkout');
  await page.getByRole('button', { name: TEXT[language].guest }).click();
  const form = page.getByTestId('guest-order-form');
  await fillGuest(form, uniquePhone('015'));
  // The second click may land on the success page (its footer links to the contact page), so the
  // wait for that page starts before the double click.
  const placed = page.waitForURL('**/order-success?number=*');
  await form.getByTestId('place-order').dblclick();
  await placed;
  await expect.poll(() => staffApi.stock(seeds.id), { message: 'one unit taken: one order' }).toBe(49);
});

test('the WhatsApp order is placed, then opens a wa.me link holding its number', async ({
  page,
  language,
  staffApi,
}) => {
  const seeds = await staffApi.addProduct('Trial parsley seeds', 'بذور بقدونس تجريبية', 20);
  await addToCart(page, language, seeds);
  await page.goto('/cart');
  await page.getByTestId('order-whatsapp').click();
  const form = page.getByTestId('whatsapp-order-form');
  await fillGuest(form, uniquePhone('010'));
  await expectNoSidewaysScroll(page);
  await form.getByTestId('place-order').click();

  const link = page.getByTestId('whatsapp-link');
  await expect(link).toBeVisible();
  const href = new URL((await link.getAttribute('href')) ?? '');
  expect(href.host).toBe('wa.me');
  const number = await page.getByTestId('whatsapp-placed').locator('bdi').textContent();
  expect(number).toMatch(/^MS-\d{4}-\d{6}$/);
  expect(href.searchParams.get('text')).toContain(number!);
  expect(href.searchParams.get('text')).toContain(language === 'ar' ? seeds.nameAr : seeds.nameEn);
  await expect.poll(() => staffApi.stock(seeds.id), { message: 'stock taken as for any order' }).toBe(49);
  await expect(page.getByTestId('whatsapp-placed').getByTestId('confirm-now')).toHaveAttribute(
    'href',
    /^\/confirm\/\d+-[0-9a-f]{16}$/,
  );
});

test.describe('staff', () => {
  test.use({ role: 'admin' });

  test('staff add a shipping city and a promo code on their screens, and a buyer uses them', async ({
    page,
    language,
    openPage,
    staffApi,
  }) => {
    const suffix = Date.now().toString(36);
    const cityName = `Trial Oasis ${suffix}`;
    await page.goto('/dashboard/shipping');
    await page.getByRole('link', { name: language === 'ar' ? 'إضافة محافظة' : 'Add a governorate' }).click();
    const cityForm = page.getByTestId('city-form');
    await cityForm.locator('input[name=name_ar]').fill(`واحة تجريبية ${suffix}`);
    await cityForm.locator('input[name=name_en]').fill(cityName);
    await cityForm.locator('input[name=shipping_cost]').fill(language === 'ar' ? '٣٥' : '35');
    await cityForm.locator('button[type=submit]').click();
    await page.waitForURL('**/dashboard/shipping');
    await page.getByRole('textbox', { name: language === 'ar' ? 'ابحث بالاسم' : 'Search by name' }).fill(suffix);
    await expect(page.getByTestId('staff-city-row')).toHaveCount(1);
    await expect(page.getByTestId('staff-city-row')).toContainText(cityName);

    const code = `OASIS${suffix}`.toUpperCase();
    await page.goto('/dashboard/copouns-actions');
    const codeForm = page.getByTestId('copoun-form');
    await codeForm.locator('input[name=code]').fill(code);
    await codeForm.locator('select[name=type]').selectOption('fixed');
    await codeForm.locator('input[name=value]').fill('15');
    await codeForm.locator('input[name=usage_limit]').fill('5');
    await codeForm.locator('button[type=submit]').click();
    await page.waitForURL('**/dashboard/copouns');
    await page.getByRole('textbox', { name: language === 'ar' ? 'ابحث بالكود' : 'Search by code' }).fill(code);
    await expect(page.getByTestId('staff-copoun-row')).toHaveCount(1);
    await expect(page.getByTestId('staff-copoun-row')).toContainText(code);

    const buyer = await openPage('guest');
    const seeds = await staffApi.addProduct('Trial fennel seeds', 'بذور شمر تجريبية', 100);
    await addToCart(buyer, language, seeds);
    await buyer.goto('/account/checkout');
    await buyer.getByRole('button', { name: TEXT[language].guest }).click();
    const form = buyer.getByTestId('guest-order-form');
    const city = await form.locator('select[name=city_id] option', { hasText: suffix }).getAttribute('value');
    await fillGuest(form, uniquePhone('011'), city!);
    await form.locator('input[name=copoun]').fill(code);
    await form.locator('input[name=copoun]').press('Enter');
    await expect(buyer.getByTestId('promo-message')).toContainText(TEXT[language].applied);
    // 100 EGP less 15, and the new city's 35.
    await expect(buyer.getByTestId('totals-total')).toContainText('120');
    await form.getByTestId('place-order').click();
    await buyer.waitForURL('**/order-success?number=*');

    await page.reload();
    await expect(page.getByTestId('staff-copoun-row')).toContainText(language === 'ar' ? '1 من 5' : '1 of 5');
  });
});
