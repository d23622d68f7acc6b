// The storefront on the demo catalogue: Home's sections, search that understands Arabic,
// the filter panel, a product page, the shop's pages and a phone-wide screen without
// sideways scrolling.
import { expect, expectNoSidewaysScroll, test } from './fixtures';

const PHONE = { width: 360, height: 740 };

test.describe('on a 360 px phone', () => {
  test.use({ viewport: PHONE });

  test('Home shows every section from the seed', async ({ page, language }) => {
    await page.goto('/');
    for (const section of ['featured', 'categories', 'deals', 'recent', 'about', 'benefits']) {
      await expect(page.getByTestId(`home-${section}`)).toBeVisible();
    }
    await expect(page.getByTestId('home-featured').getByTestId('product-card')).toHaveCount(6);
    await expect(page.getByTestId('home-recent').getByTestId('product-card')).toHaveCount(8);
    await expect(page.getByTestId('home-deals')).toContainText(
      language === 'ar' ? 'خصم موسم الزراعة على الأسمدة' : 'Planting season: fertilisers off',
    );
    await expectNoSidewaysScroll(page);
  });

  test('a search typed as اسمده finds products named أسمدة', { tag: '@ar-only' }, async ({ page }) => {
    await page.goto('/products');
    // The list's own box: the header's (the server's, then the app's plain one) is outside main.
    await page.locator('main input[name=search]').fill('اسمده');
    await page.waitForURL(/search=/);
    await expect(page.getByTestId('product-name').filter({ hasText: 'أسمدة ورقية لنباتات الزينة' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('a search with a word the catalogue lacks answers the products with the most words, and says so', async ({
    page,
    language,
  }) => {
    await page.goto(`/products?search=${encodeURIComponent('بذور طماطم بلدي')}`);
    await expect(page.getByTestId('some-words')).toHaveText(
      language === 'ar'
        ? 'لا يوجد منتج فيه كل الكلمات التي كتبتها: هذه فيها أكثرها.'
        : 'No product has every word you typed: these have the most of them.',
    );
    await expect(
      page
        .getByTestId('product-name')
        .filter({ hasText: language === 'ar' ? 'بذور طماطم هجين 023' : 'Hybrid tomato seeds 023' }),
    ).toBeVisible();
    await page.goto(`/products?search=${encodeURIComponent('بذور طماطم')}`);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('some-words')).toHaveCount(0);
  });

  test(
    'a product page shows its price, stock, weight and package pieces',
    { tag: '@ar-only' },
    async ({ page, request }) => {
      await page.goto('/products');
      await page.getByTestId('product-card').first().click();
      await expect(page.getByTestId('product-profile')).toBeVisible();
      await page.goto('/products/home-garden-package');
      await expect(page.getByRole('heading', { name: 'باقة الحديقة المنزلية' })).toBeVisible();
      await expect(page.getByTestId('profile-price')).toContainText('جنيه');
      await expect(page.getByTestId('product-profile')).toContainText('عدد القطع في الباقة');
      await page.getByTestId('add-to-cart').locator('input').fill('٢');
      await page.getByRole('button', { name: 'أضف إلى السلة' }).click();
      await expect(page.getByText('تمت الإضافة: 2 في سلتك.')).toBeVisible();
      const id = (await (await request.get('/api/products/home-garden-package')).json()).data.id;
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? 'null')).toEqual([
        { id, quantity: 2 },
      ]);
      await expectNoSidewaysScroll(page);
      await page.goto('/products/no-such-product');
      await expect(page.getByTestId('not-found')).toBeVisible();
    },
  );

  test("the footer leads to the shop's pages and the contact form reaches the staff", async ({ page, language }) => {
    await page.goto('/');
    await page.click('footer a[href="/about-us"]');
    await expect(page.getByTestId('page-about-us')).toContainText(language === 'ar' ? 'من نحن' : 'About us');
    await expectNoSidewaysScroll(page);

    await page.click('footer a[href="/contact"]');
    await page.getByTestId('contact-form').waitFor();
    await page.fill('input[name=name]', 'Samir');
    await page.fill('input[name=phone]', '01012345678');
    await page.fill(
      'textarea[name=message]',
      language === 'ar' ? 'هل يوجد سماد للنخيل؟' : 'Do you sell palm fertiliser?',
    );
    await page.click('[data-testid=contact-form] button[type=submit]');
    await expect(
      page.getByText(
        language === 'ar' ? 'شكرًا لك! سيتواصل معك فريقنا قريبًا.' : 'Thank you! Our team will get back to you soon.',
      ),
    ).toBeVisible();
    await expect(page.locator('textarea[name=message]')).toHaveValue('');
  });
});

test('a filter by category and a sort by price', { tag: '@en-only' }, async ({ page, request }) => {
  await page.goto('/products');
  await page.click('[data-testid=category-seeds] + label');
  await page.waitForURL(/category=seeds/);
  await expect(page.getByText('12 products')).toBeVisible();
  await page.click('[data-testid=sort-price-asc] + label');
  await page.waitForURL(/sort=price_asc/);
  // Other tests may put seeds on offer; the cheapest is whatever the API says now.
  const cheapest = (
    await (
      await request.get('/api/products?category=seeds&sort=price_asc&per_page=1', {
        headers: { 'Accept-Language': 'en' },
      })
    ).json()
  ).data[0].name;
  await expect(page.getByTestId('product-name').first()).toHaveText(cheapest);
  const prices = (await page.getByTestId('product-price').allTextContents()).map((text) =>
    Number(text.replace(/[^\d.]/g, '')),
  );
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await page.click('[data-testid=filter-clear]');
  await page.waitForURL((url) => !url.searchParams.has('category'));
  // Other tests add products while this one runs: the whole list is at least the seed's 42.
  const shown = page.getByText(/^\d+ products$/);
  await expect.poll(async () => Number((await shown.textContent())?.match(/\d+/)?.[0])).toBeGreaterThanOrEqual(42);
});
