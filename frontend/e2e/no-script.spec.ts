// With scripts off — a data saver, an old browser, a crawler — Home, a list and a product page
// still show their products and prices, painted by the server, the shop's pages their text,
// and the header's search form still searches.
import { expect, test } from './fixtures';

test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

const PRICE = { ar: /[\d,.]+ جنيه/, en: /EGP [\d,.]+/ };

test('Home, a list and a product page show names and prices without scripts', async ({ page, language, staffApi }) => {
  const product = await staffApi.addProduct('Nightshade tray seeds', 'بذور صينية الباذنجان', 1234.5);
  const name = language === 'ar' ? product.nameAr : product.nameEn;
  const price = language === 'ar' ? '1,234.50 جنيه' : 'EGP 1,234.50';

  await page.goto('/');
  const home = page.locator('main');
  await expect(home.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(home.locator('a[href^="/products/"]').first()).toContainText(PRICE[language]);

  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('main')).toContainText(price);

  // A product with a picture: the picture comes at once, at its shown size.
  await page.goto('/products/neem-oil');
  const picture = page.locator('main article img');
  await expect(picture).toHaveAttribute('width', /\d+/);
  await expect(picture).toHaveAttribute('height', /\d+/);
  await expect(picture).not.toHaveAttribute('loading', 'lazy');
  await expect(page.locator('main article')).toContainText(PRICE[language]);

  await page.goto('/');
  await page.getByRole('searchbox').fill(product.nameEn);
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/products\?search=/);
  const found = page.locator('main a[href^="/products/"]', { hasText: name });
  await expect(found).toContainText(price);
  await found.click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}$`));
});

test("the shop's pages show their title and text without scripts", async ({ page, request, language }) => {
  for (const slug of ['about-us', 'refund-policies']) {
    const answer = (
      await (await request.get(`/api/pages/${slug}`, { headers: { 'Accept-Language': language } })).json()
    ).data;
    await page.goto(`/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: answer.title })).toBeVisible();
    const first = answer.body.split(/\n\s*\n/)[0].trim();
    await expect(page.locator('main p').first()).toHaveText(first);
  }
});
