// The whole sign-in story in a real browser, in each language: register, verify with the
// code from the outbox, log out, log in with the phone in Arabic-Indic digits, forget the
// password, check the code, reset it, and be signed in; staff and Google sign-ins.
import { arabicDigits, expect, logIn, logOut, test, uniquePhone } from './fixtures';

const TEXT = {
  ar: { name: 'سمير الفلاح', unverified: 'حسابك غير مفعّل بعد' },
  en: { name: 'Samir Farmer', unverified: 'Your account is not verified yet' },
};

test('register, verify, log in with Arabic-Indic digits, reset the password', async ({ page, language, outbox }) => {
  const phone = uniquePhone(language === 'ar' ? '010' : '011');
  const international = `+2${phone}`;
  const password = 'Harvest2026';

  await page.goto('/auth/register');
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', language);

  let sent = outbox.size();
  await page.fill('input[name=name]', TEXT[language].name);
  await page.fill('input[name=phone]', phone);
  await page.fill('input[name=password]', password);
  await page.fill('input[name=password_confirmation]', password);
  // Giza, the seed's second governorate.
  await page.selectOption('select[name=city_id]', '2');
  await page.click('button[type=submit]');
  // Registered: straight to the code that was just sent.
  await page.waitForURL('**/auth/verify-account');
  await page.goto('/account/settings');
  await expect(page.getByText(TEXT[language].unverified)).toBeVisible();
  await expect(page.locator('select[name=city_id]'), 'the city chosen at sign-up').toHaveValue('2');

  await page.getByTestId('verify-link').click();
  await page.waitForURL('**/auth/verify-account');
  await page.getByTestId('verify-form').waitFor();
  const code = await outbox.codeSentTo(international, sent);
  await page.fill('input[name=code]', arabicDigits(code));
  await page.click('button[type=submit]');
  await page.waitForURL('**/account/settings');
  await expect(page.getByText(TEXT[language].unverified)).toHaveCount(0);

  await logOut(page);
  await page.fill('input[name=username]', arabicDigits(phone));
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForURL('**/products');
  expect(await page.evaluate(() => localStorage.getItem('token')), 'signed in').toBeTruthy();

  await logOut(page);
  await page.click('a[href="/auth/forget-password"]');
  await page.getByTestId('forget-form').waitFor();
  sent = outbox.size();
  await page.fill('input[name=username]', phone);
  await page.click('button[type=submit]');
  await page.waitForURL('**/auth/check-otp?username=*');
  const resetCode = await outbox.codeSentTo(international, sent);
  await page.fill('input[name=code]', resetCode);
  await page.click('button[type=submit]');
  await page.waitForURL('**/auth/reset-password');
  expect(await page.evaluate(() => localStorage.getItem('temp_token')), 'the temporary token is kept').toBeTruthy();
  await page.fill('input[name=password]', 'NewHarvest2027');
  await page.fill('input[name=password_confirmation]', 'NewHarvest2027');
  await page.click('button[type=submit]');
  await page.waitForURL('**/account/settings');
  expect(await page.evaluate(() => localStorage.getItem('temp_token'))).toBeNull();
  await expect(page.getByTestId('account-menu')).toBeVisible();
});

test('a staff login lands on the dashboard and a customer cannot open it', { tag: '@en-only' }, async ({ page }) => {
  await logIn(page, 'admin@mahsoul.test');
  await page.waitForURL('**/dashboard/overview');
  await expect(page.getByText('Welcome,')).toBeVisible();
  await logOut(page);

  await logIn(page, '01000000003');
  await page.waitForURL('**/products');
  await page.goto('/dashboard/overview');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/auth/login');
  await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
});

test(
  "Google's redirect flow lands signed in and drops the token from the address bar",
  { tag: '@ar-only' },
  async ({ page, request, openPage }) => {
    const answer = await (
      await request.post('/api/auth/login', { data: { username: 'customer@mahsoul.test', password: 'Mahsoul2026' } })
    ).json();
    await page.goto(`/auth/google#token=${answer.data.token}`);
    await page.waitForURL('**/products');
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(answer.data.token);
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('userData'))) ?? '{}');
    expect(user.email).toBe('customer@mahsoul.test');

    const stranger = await openPage('guest');
    await stranger.goto('/auth/google#token=not-a-token');
    await stranger.waitForURL('**/auth/login?google=failed');
    await expect(stranger.getByText('تعذر تسجيل الدخول عبر جوجل. يرجى المحاولة مرة أخرى.').first()).toBeVisible();
    expect(await stranger.evaluate(() => localStorage.getItem('token'))).toBeNull();
  },
);
