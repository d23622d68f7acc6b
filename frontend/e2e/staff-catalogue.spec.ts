// Staff add products with pictures, categories and offers in the dashboard, and customers
// see each change in the storefront.
import { deflateSync } from 'node:zlib';
import { expect, openScreen, test, uniqueSuffix } from './fixtures';

test.use({ role: 'admin' });

/** A green square as a PNG, drawn here (chunks with their CRCs). */
function greenSquarePng(side = 64): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(side * 3, Buffer.from([46, 125, 50]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: side }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('staff add a product with a picture and it appears in the storefront', async ({ page, language }) => {
  await page.goto('/dashboard/overview');
  await openScreen(page, '/dashboard/products');
  await page.getByTestId('add-product').click();
  const form = page.getByTestId('product-form');
  await form.waitFor();

  const suffix = uniqueSuffix();
  const name = language === 'ar' ? `بذور فجل أحمر ${suffix}` : `Trial red radish seeds ${suffix}`;
  await form.locator('input[name=name_ar]').fill(language === 'ar' ? name : `بذور فجل ${suffix}`);
  await form.locator('input[name=name_en]').fill(language === 'en' ? name : `Radish seeds trial ${suffix}`);
  await form.locator('input[name=price]').fill('٤٥');
  await form.locator('input[name=quantity]').fill('30');
  await form.locator('input[name=weight]').fill('0.25');
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'radish.png', mimeType: 'image/png', buffer: greenSquarePng() });
  await form.locator('button[type=submit]').click();
  await page.waitForURL('**/dashboard/products');
  await expect(page.getByTestId('staff-product-row').filter({ hasText: name })).toBeVisible();

  await page.goto(`/products?search=${encodeURIComponent(name)}`);
  const card = page.getByTestId('product-card').filter({ hasText: name });
  // A card takes the upload's 400 px thumbnail; the browser may pick the large one by width.
  const src = await card.locator('img').getAttribute('src');
  expect(src).toMatch(/^\/media\/products\/.+-thumb\.webp$/);
  expect(await card.locator('img').getAttribute('srcset')).toContain(src!.replace('-thumb', '-large'));
  for (const picture of [src!, src!.replace('-thumb', '-large')]) {
    expect((await page.request.get(picture)).status()).toBe(200);
  }
});

test('an empty product form takes the eye to its first field, each message under its field and one toast', async ({
  page,
  language,
}) => {
  await page.goto('/dashboard/products-actions');
  const form = page.getByTestId('product-form');
  await form.locator('button[type=submit]').click();
  const first = form.locator('input[name=name_ar]');
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('input[name=name_en]')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByTestId('form-errors-summary')).toContainText(
    language === 'ar' ? 'حقول تحتاج إلى مراجعة أعلاه' : 'Fields to check above',
  );
  // The messages are under their fields: one toast says how many, not one a field.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
});

test('staff add a category and customers can filter by it', { tag: '@en-only' }, async ({ page, openPage }) => {
  await page.goto('/dashboard/overview');
  await openScreen(page, '/dashboard/categories');
  const form = page.getByTestId('category-form');
  const suffix = uniqueSuffix();
  await form.locator('input[name=name_ar]').fill(`أدوات الري ${suffix}`);
  await form.locator('input[name=name_en]').fill(`Irrigation tools ${suffix}`);
  await form.locator('input[name=sort_order]').fill('9');
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('staff-category-row').filter({ hasText: `Irrigation tools ${suffix}` })).toBeVisible();

  const customer = await openPage('guest');
  await customer.goto('/products');
  await expect(customer.locator(`[data-testid=category-irrigation-tools-${suffix}] + label`)).toBeVisible();
});

test(
  'staff switch an offer off and on, and the storefront price follows',
  { tag: '@en-only' },
  async ({ page, request, staffApi }) => {
    const product = await staffApi.addProduct('Trial okra seeds', 'بذور بامية تجريبية');
    const title = `Okra week (${product.id})`;
    await staffApi.addOffer(title, `أسبوع البامية ${product.id}`, 20, [product.id]);
    const hasOffer = async () => (await (await request.get(`/api/products/${product.slug}`)).json()).data.has_offer;
    expect(await hasOffer()).toBe(true);

    await page.goto('/dashboard/overview');
    await openScreen(page, '/dashboard/offers');
    // Its own title searched: offers other tests add meanwhile cannot push it off the page.
    await page.getByLabel('Search by title').fill(title);
    await expect(page).toHaveURL(/[?&]search=/);
    const row = page.getByTestId('staff-offer-row').filter({ hasText: title });
    await expect(page.getByTestId('staff-offer-row')).toHaveCount(1);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await row.getByTestId('offer-switch').click();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    expect(await hasOffer()).toBe(false);
    await row.getByTestId('offer-switch').click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    expect(await hasOffer()).toBe(true);
  },
);
