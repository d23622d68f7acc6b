// Staff add a product with a picture in the dashboard, and customers find it in the
// storefront with that picture.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { BASE, launch, logIn, pageIn } from './support.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A green square as a PNG, drawn here (chunks with their CRCs). */
function greenSquarePng(side = 64) {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
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

const PICTURE = greenSquarePng();

for (const language of ['ar', 'en']) {
  test(`staff add a product with a picture and it appears in the storefront (${language})`, async () => {
    const page = await pageIn(browser, language);
    await logIn(page, 'admin@mahsoul.test');
    await page.waitForURL('**/dashboard/overview');
    await page.click('a[href="/dashboard/products"]');
    await page.click('[data-testid=add-product]');
    await page.locator('[data-testid=product-form]').waitFor();

    const name = language === 'ar' ? 'بذور فجل أحمر تجريبي' : 'Trial red radish seeds';
    await page.fill('input[name=name_ar]', language === 'ar' ? name : 'بذور فجل');
    await page.fill('input[name=name_en]', language === 'en' ? name : 'Radish seeds trial');
    await page.fill('input[name=price]', '٤٥');
    await page.fill('input[name=quantity]', '30');
    await page.fill('input[name=weight]', '0.25');
    await page.setInputFiles('[data-testid=product-form] input[type=file]', {
      name: 'radish.png',
      mimeType: 'image/png',
      buffer: PICTURE,
    });
    await page.click('[data-testid=product-form] button[type=submit]');
    await page.waitForURL('**/dashboard/products');
    await page.locator('[data-testid=staff-product-row]', { hasText: name }).waitFor();

    await page.goto(`${BASE}/products?search=${encodeURIComponent(name)}`);
    const card = page.locator('[data-testid=product-card]', { hasText: name });
    await card.waitFor();
    const src = await card.locator('img').getAttribute('src');
    assert.match(src, /^\/media\/products\/.+-large\.webp$/);
    const picture = await page.request.get(`${BASE}${src}`);
    assert.equal(picture.status(), 200);
    await page.context().close();
  });
}

test('staff add a category and customers can filter by it', async () => {
  const page = await pageIn(browser, 'en');
  await logIn(page, 'admin@mahsoul.test');
  await page.waitForURL('**/dashboard/overview');
  await page.click('a[href="/dashboard/categories"]');
  await page.locator('[data-testid=category-form]').waitFor();
  await page.fill('input[name=name_ar]', 'أدوات الري');
  await page.fill('input[name=name_en]', 'Irrigation tools');
  await page.fill('input[name=sort_order]', '9');
  await page.click('[data-testid=category-form] button[type=submit]');
  await page.locator('[data-testid=staff-category-row]', { hasText: 'Irrigation tools' }).waitFor();

  await page.goto(`${BASE}/products`);
  await page.locator('[data-testid=category-irrigation-tools] + label').waitFor();
  await page.context().close();
});

test('staff switch an offer off and on, and the storefront price follows', async () => {
  const page = await pageIn(browser, 'en');
  await logIn(page, 'admin@mahsoul.test');
  await page.waitForURL('**/dashboard/overview');
  await page.click('a[href="/dashboard/offers"]');
  const row = page.locator('[data-testid=staff-offer-row]', { hasText: 'Summer seeds deal' });
  await row.getByText('Active').waitFor();
  const tomato = async () => (await (await fetch(`${BASE}/api/products/hybrid-tomato-seeds-023`)).json()).data;
  assert.equal((await tomato()).has_offer, true);

  await row.locator('[data-testid=offer-switch]').click();
  await row.getByText('Inactive').waitFor();
  assert.equal((await tomato()).has_offer, false);
  await row.locator('[data-testid=offer-switch]').click();
  await row.getByText('Active').waitFor();
  assert.equal((await tomato()).has_offer, true);
  await page.context().close();
});
