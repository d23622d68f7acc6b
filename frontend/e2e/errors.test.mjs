// What users see when things go wrong: unknown pages and server validation errors.
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

for (const language of ['ar', 'en']) {
  test(`an unknown path shows NotFound with a way home (${language})`, async () => {
    const page = await pageIn(browser, language);
    await page.goto(`${BASE}/no/such/page`);
    await page.locator('[data-testid=not-found]').waitFor();
    assert.ok(
      (await page.textContent('[data-testid=not-found]')).includes(
        language === 'ar' ? 'الصفحة غير موجودة' : 'Page not found',
      ),
    );
    await page.click('[data-testid=not-found] a[href="/"]');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
}

test('a 422 shows the first message of each field', async () => {
  const page = await pageIn(browser, 'ar');
  await page.goto(`${BASE}/auth/register`);
  await page.fill('input[name=name]', 'سمير');
  await page.fill('input[name=phone]', '0223456789');
  await page.fill('input[name=password]', 'abcdefgh');
  await page.fill('input[name=password_confirmation]', 'abcdefgh');
  await page.click('button[type=submit]');
  const phoneError = 'أدخل رقم هاتف محمول مصري مثل 01012345678.';
  const passwordError = 'يجب أن تحتوي كلمة المرور على حروف وأرقام.';
  // Under each field and as toasts.
  await page.getByText(phoneError).first().waitFor();
  await page.getByText(passwordError).first().waitFor();
  assert.equal(await page.getByText(phoneError).count(), 2);
  assert.equal(await page.getByText(passwordError).count(), 2);
  assert.ok(page.url().endsWith('/auth/register'), 'still on the form');
  await page.context().close();
});

test('the language switch mirrors the page and keeps the choice in a cookie', async () => {
  const page = await pageIn(browser, 'ar');
  await page.goto(`${BASE}/auth/login`);
  assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
  await page.click('[data-testid=language-switch]');
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  const cookies = await page.context().cookies();
  assert.equal(cookies.find((c) => c.name === 'language')?.value, 'en');
  await page.reload();
  assert.equal(await page.getAttribute('html', 'dir'), 'ltr');
  await page.context().close();
});
