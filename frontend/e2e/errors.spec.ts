// What users see when things go wrong: unknown pages and server validation errors; and the
// language switch.
import { expect, test } from './fixtures';

test('an unknown path shows NotFound with a way home', async ({ page, language }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toContainText(language === 'ar' ? 'الصفحة غير موجودة' : 'Page not found');
  await page.click('[data-testid=not-found] a[href="/"]');
  await page.waitForURL((url) => url.pathname === '/');
});

test('a 422 shows the first message of each field', { tag: '@ar-only' }, async ({ page }) => {
  await page.goto('/auth/register');
  await page.fill('input[name=name]', 'سمير');
  await page.fill('input[name=phone]', '0223456789');
  await page.fill('input[name=password]', 'abcd1234');
  await page.fill('input[name=password_confirmation]', 'abcd1234');
  await page.click('button[type=submit]');
  // Under its field and as a toast.
  await expect(page.getByText('أدخل رقم هاتف محمول مصري مثل 01012345678.')).toHaveCount(2);
  expect(page.url(), 'still on the form').toMatch(/\/auth\/register$/);
});

test('the language switch mirrors the page and keeps the choice in a cookie', { tag: '@ar-only' }, async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'language')?.value).toBe('en');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
