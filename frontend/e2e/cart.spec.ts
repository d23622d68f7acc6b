// A guest's cart in each language on a 360 px phone: two products added from their pages,
// the header's badge, the cart's lines, totals and weight rule, and a quantity changed; and
// the browser cart moving to the server when a verified client logs in.
import { expect, expectNoSidewaysScroll, logIn, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

const TEXT = {
  ar: {
    add: 'أضف إلى السلة',
    more: 'زد واحدًا',
    rule: 'لا رسوم وزن إضافية على الشحن حتى',
    moved: 'تم نقل منتجات السلة بنجاح!',
  },
  en: {
    add: 'Add to cart',
    more: 'One more',
    rule: 'Shipping has no weight extra up to',
    moved: 'Cart items transferred successfully!',
  },
};

test('a guest adds two products and the cart shows them with the weight rule', async ({ page, language, staffApi }) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Trial basil seeds', 'بذور ريحان تجريبية', 40);
  const soil = await staffApi.addProduct('Trial potting soil', 'تربة زراعة تجريبية', 100);

  for (const product of [seeds, soil]) {
    await page.goto(`/products/${product.slug}`);
    await page.getByRole('button', { name: t.add }).click();
  }
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.getByTestId('cart-link').click();
  await page.waitForURL('**/cart');

  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText(language === 'ar' ? seeds.nameAr : seeds.nameEn);
  await expect(page.getByTestId('shipping-rule')).toContainText(t.rule);
  await expectNoSidewaysScroll(page);

  await lines.nth(1).getByRole('button', { name: t.more }).click();
  await expect(lines.nth(1).getByRole('textbox')).toHaveValue('2');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
  expect(stored).toEqual([
    { id: seeds.id, quantity: 1 },
    { id: soil.id, quantity: 2 },
  ]);
  await expect(page.getByTestId('cart-total')).toContainText('240');
});

test('the browser cart moves to the server when a verified client logs in', async ({ page, language, staffApi }) => {
  const basil = await staffApi.addProduct('Trial lemon basil seeds', 'بذور ريحان ليموني تجريبية', 45);
  await page.goto(`/products/${basil.slug}`);
  await page.getByRole('button', { name: TEXT[language].add }).click();
  await logIn(page, '01000000003');
  await expect(page.getByText(TEXT[language].moved)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cart')), 'the browser cart is gone').toBeNull();
  await page.goto('/cart');
  await expect(
    page.getByTestId('cart-line').filter({ hasText: language === 'ar' ? basil.nameAr : basil.nameEn }),
  ).toBeVisible();
});
