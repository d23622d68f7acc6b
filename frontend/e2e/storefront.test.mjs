// The storefront on the demo catalogue: Home's sections, search that understands Arabic,
// the filter panel, a product page, and a phone-wide screen without sideways scrolling.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, pageIn } from './support.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function noSidewaysScroll(page) {
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, page.url());
}

for (const language of ['ar', 'en']) {
  test(`Home shows every section from the seed (${language})`, async () => {
    const page = await pageIn(browser, language, { width: 360, height: 740 });
    await page.goto(`${BASE}/`);
    for (const section of ['featured', 'categories', 'deals', 'recent', 'about', 'benefits']) {
      await page.locator(`[data-testid=home-${section}]`).waitFor();
    }
    assert.equal(await page.locator('[data-testid=home-featured] [data-testid=product-card]').count(), 6);
    assert.equal(await page.locator('[data-testid=home-recent] [data-testid=product-card]').count(), 8);
    const deals = await page.textContent('[data-testid=home-deals]');
    assert.ok(deals.includes(language === 'ar' ? 'خصم موسم الزراعة على الأسمدة' : 'Planting season: fertilisers off'));
    await noSidewaysScroll(page);
    await page.context().close();
  });
}

test('a search typed as اسمده finds products named أسمدة', async () => {
  const page = await pageIn(browser, 'ar', { width: 360, height: 740 });
  await page.goto(`${BASE}/products`);
  await page.fill('input[name=search]', 'اسمده');
  await page.waitForURL(/search=/);
  await page.locator('[data-testid=product-name]', { hasText: 'أسمدة ورقية لنباتات الزينة' }).waitFor();
  await noSidewaysScroll(page);
  await page.context().close();
});

test('a filter by category and a sort by price', async () => {
  const page = await pageIn(browser, 'en');
  await page.goto(`${BASE}/products`);
  await page.click('[data-testid=category-seeds] + label');
  await page.waitForURL(/category=seeds/);
  await page.getByText('12 products').waitFor();
  await page.click('[data-testid=sort-price-asc] + label');
  await page.waitForURL(/sort=price_asc/);
  // Other tests may have put seeds on offer; the cheapest is whatever the API says now.
  const cheapest = (
    await (
      await fetch(`${BASE}/api/products?category=seeds&sort=price_asc&per_page=1`, {
        headers: { 'Accept-Language': 'en' },
      })
    ).json()
  ).data[0].name;
  await page.waitForFunction(
    (name) => document.querySelector('[data-testid=product-name]')?.textContent === name,
    cheapest,
  );
  const prices = await page.$$eval('[data-testid=product-price]', (nodes) =>
    nodes.map((n) => Number(n.textContent.replace(/[^\d.]/g, ''))),
  );
  assert.deepEqual(
    prices,
    [...prices].sort((a, b) => a - b),
  );
  await page.click('[data-testid=filter-clear]');
  // Other tests may have added products; the whole list is whatever the API holds now.
  const total = (await (await fetch(`${BASE}/api/products?per_page=1`)).json()).meta.total;
  assert.ok(total >= 42);
  await page.getByText(`${total} products`).waitFor();
  await page.context().close();
});

test('a product page shows its price, stock, weight and package pieces', async () => {
  const page = await pageIn(browser, 'ar', { width: 360, height: 740 });
  await page.goto(`${BASE}/products`);
  await page.click('[data-testid=product-card] >> nth=0');
  await page.locator('[data-testid=product-profile]').waitFor();
  await page.goto(`${BASE}/products/home-garden-package`);
  await page.getByRole('heading', { name: 'باقة الحديقة المنزلية' }).waitFor();
  assert.ok((await page.textContent('[data-testid=profile-price]')).includes('جنيه'));
  assert.ok((await page.textContent('[data-testid=product-profile]')).includes('عدد القطع في الباقة'));
  await page.locator('[data-testid=add-to-cart] input').fill('٢');
  await page.getByRole('button', { name: 'أضف إلى السلة' }).click();
  await page.getByText('تمت الإضافة: ٢ في سلتك.').waitFor();
  const id = (await (await fetch(`${BASE}/api/products/home-garden-package`)).json()).data.id;
  assert.deepEqual(JSON.parse(await page.evaluate(() => localStorage.getItem('cart'))), [{ id, quantity: 2 }]);
  await noSidewaysScroll(page);
  await page.goto(`${BASE}/products/no-such-product`);
  await page.locator('[data-testid=not-found]').waitFor();
  await page.context().close();
});

for (const language of ['ar', 'en']) {
  test(`the footer leads to the shop's pages and the contact form reaches the staff (${language})`, async () => {
    const page = await pageIn(browser, language, { width: 360, height: 740 });
    await page.goto(`${BASE}/`);
    await page.click('footer a[href="/about-us"]');
    await page.locator('[data-testid=page-about-us]').waitFor();
    assert.ok(
      (await page.textContent('[data-testid=page-about-us]')).includes(language === 'ar' ? 'من نحن' : 'About us'),
    );
    await noSidewaysScroll(page);

    await page.click('footer a[href="/contact"]');
    await page.locator('[data-testid=contact-form]').waitFor();
    await page.fill('input[name=name]', 'Samir');
    await page.fill('input[name=phone]', '01012345678');
    await page.fill(
      'textarea[name=message]',
      language === 'ar' ? 'هل يوجد سماد للنخيل؟' : 'Do you sell palm fertiliser?',
    );
    await page.click('[data-testid=contact-form] button[type=submit]');
    await page
      .getByText(
        language === 'ar' ? 'شكرًا لك! سيتواصل معك فريقنا قريبًا.' : 'Thank you! Our team will get back to you soon.',
      )
      .waitFor();
    assert.equal(await page.inputValue('textarea[name=message]'), '');
    await page.context().close();
  });
}
