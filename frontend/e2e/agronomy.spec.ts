// A farm product on a 360 px phone, in Arabic and English: the safety and use block, the dose
// for 2.5 feddan typed as the farmer types it, and its packs in the cart in one tap; and the
// same block painted by the server for a reader without scripts.
import { arabicDigits, expect, expectNoSidewaysScroll, test, uniquePhone } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

const TEXT = {
  ar: {
    guest: 'المتابعة كزائر',
    acknowledge: 'قرأت تعليمات السلامة على ملصق',
    block: 'الأمان وطريقة الاستخدام',
    area: 'المساحة',
    reckon: 'احسب',
    add: 'أضف هذه العبوات إلى السلة',
    added: 'العبوات في سلتك الآن.',
    typed: '٢٫٥',
    phi: 'انتظر 3 أيام',
    mites: 'العنكبوت الأحمر',
    tomatoMites: 'طماطم — العنكبوت الأحمر',
    twoBottles: 'عبوتان 250 مل',
  },
  en: {
    guest: 'Continue as Guest',
    acknowledge: 'I have read the safety instructions on the label of',
    block: 'Safety and use',
    area: 'Area',
    reckon: 'Calculate',
    add: 'Add these packs to the cart',
    added: 'The packs are in your cart.',
    typed: '2.5',
    phi: 'Wait 3 days',
    mites: 'Spider mites',
    tomatoMites: 'Tomato — Spider mites',
    twoBottles: '2 × 250 mL',
  },
};

test('a farmer reckons the dose for 2.5 feddan of tomato and puts the packs in the cart', async ({
  page,
  language,
}) => {
  const t = TEXT[language];
  await page.goto('/products/copper-fungicide');
  const block = page.getByTestId('safety-and-use');
  await expect(block.getByRole('heading', { name: t.block })).toBeVisible();
  await expect(block).toContainText('SAMPLE-APC-2417');
  const calculator = page.getByTestId('dose-calculator');
  await calculator.getByLabel(t.area).fill(t.typed);
  await calculator.getByRole('button', { name: t.reckon }).click();
  // 2.5 feddan at 250 g per 100 L with 400 L a feddan: 2,500 g, three 1 kg packs.
  const result = page.getByTestId('dose-result');
  await expect(result).toContainText('2,500');
  await expect(result).toContainText(t.phi);
  await result.getByRole('button', { name: t.add }).click();
  await expect(result.getByRole('status')).toHaveText(t.added);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
  expect(stored).toHaveLength(1);
  expect(stored[0].quantity).toBe(3);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'no sideways scroll',
  ).toBe(true);
});

test('from the crop page to an order: the product, the dose for 2.5 feddan, its packs in the cart and the safety acknowledgement', async ({
  page,
  language,
  staffApi,
}) => {
  const t = TEXT[language];
  const product = await staffApi.addProduct('Restricted abamectin', 'أبامكتين مقيد', 120);
  await staffApi.describeRestrictedAbamectin(product);
  const name = language === 'ar' ? product.nameAr : product.nameEn;

  // Crop, then pest, then the product: the calculator starts on the farmer's crop and pest.
  await page.goto('/crops/tomato');
  await page.getByTestId('crop-page').getByRole('link', { name: t.mites }).click();
  await page.waitForURL('**/pests/spider-mites?crop=tomato');
  await page.getByTestId('pest-page').getByRole('link', { name }).first().click();
  await page.waitForURL(`**/products/${product.slug}?crop=tomato&pest=spider-mites`);
  const calculator = page.getByTestId('dose-calculator');
  await expect(calculator.getByRole('combobox').first().locator('option:checked')).toHaveText(t.tomatoMites);
  await calculator.getByLabel(t.area).fill(t.typed);
  await calculator.getByRole('button', { name: t.reckon }).click();
  // 2.5 feddan at 50 mL per 100 L with 400 L a feddan: 500 mL, two 250 mL bottles at 120.
  const result = page.getByTestId('dose-result');
  await expect(result).toContainText('500');
  await expect(result.getByTestId('dose-packs')).toContainText(t.twoBottles);
  await expect(result.getByTestId('dose-total')).toContainText('240');
  await result.getByRole('button', { name: t.add }).click();
  await expect(result.getByRole('status')).toHaveText(t.added);

  await page.goto('/cart');
  await page.getByTestId('go-checkout').click();
  await page.getByRole('button', { name: t.guest }).click();
  const form = page.getByTestId('guest-order-form');
  const phone = uniquePhone('011');
  await form.locator('input[name=name]').fill('Mona');
  await form.locator('input[name=phone]').fill(language === 'ar' ? arabicDigits(phone) : phone);
  await form.locator('select[name=city_id]').selectOption('2');
  await form.locator('input[name=address]').fill('Farm road, near the mosque');
  const acknowledgement = form.getByTestId('safety-acknowledgement');
  await expect(acknowledgement).toContainText(t.acknowledge);
  await expect(acknowledgement).toContainText(name);
  await form.getByTestId('place-order').click();
  await expect(form.getByTestId('checkout-refusal')).toBeVisible();
  expect(page.url()).not.toContain('order-success');

  await acknowledgement.getByRole('checkbox').check();
  await expectNoSidewaysScroll(page);
  await form.getByTestId('place-order').click();
  await page.waitForURL('**/order-success?number=*');
  // The staff's view reads the catalogue in memory, which learns of the sale within a moment.
  await expect.poll(() => staffApi.stock(product.id), { message: 'two bottles taken' }).toBe(48);
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the safety and use block is painted by the server', async ({ page, language }) => {
    await page.goto('/products/copper-fungicide');
    const block = page.locator('main section.fp-agronomy');
    await expect(block.getByRole('heading', { name: TEXT[language].block })).toBeVisible();
    await expect(block).toContainText('SAMPLE-APC-2417');
    await expect(block.locator('.fp-use').first()).toContainText(language === 'ar' ? 'طماطم' : 'Tomato');
  });
});
