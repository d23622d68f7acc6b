// The whole sign-in story in a real browser, once in Arabic and once in English: register,
// verify with the code from the outbox, log out, log in with the phone in Arabic-Indic
// digits, forget the password, check the code, reset it, and be signed in.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, arabicDigits, codeSentTo, launch, logIn, outboxSize, pageIn, uniquePhone } from './support.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const TEXT = {
  ar: { unverified: 'حسابك غير مفعّل بعد', login: 'تسجيل الدخول' },
  en: { unverified: 'Your account is not verified yet', login: 'Log in' },
};

async function logout(page) {
  await page.click('[data-testid=account-menu]');
  await page.locator('[data-testid=logout]').waitFor();
  await page.click('[data-testid=logout]');
  await page.waitForURL('**/auth/login');
  await page.locator('[data-testid=login-form]').waitFor();
}

for (const language of ['ar', 'en']) {
  test(`register, verify, log in with Arabic-Indic digits, reset the password (${language})`, async () => {
    const page = await pageIn(browser, language);
    const phone = uniquePhone(language === 'ar' ? '010' : '011');
    const international = `+2${phone}`;
    const password = 'Harvest2026';

    await page.goto(`${BASE}/auth/register`);
    assert.equal(await page.getAttribute('html', 'dir'), language === 'ar' ? 'rtl' : 'ltr');
    assert.equal(await page.getAttribute('html', 'lang'), language);

    let sent = outboxSize();
    await page.fill('input[name=name]', language === 'ar' ? 'سمير الفلاح' : 'Samir Farmer');
    await page.fill('input[name=phone]', phone);
    await page.fill('input[name=password]', password);
    await page.fill('input[name=password_confirmation]', password);
    await page.click('button[type=submit]');
    await page.waitForURL('**/account/settings');
    await page.getByText(TEXT[language].unverified).waitFor();

    await page.click('[data-testid=verify-link]');
    await page.waitForURL('**/auth/verify-account');
    await page.locator('[data-testid=verify-form]').waitFor();
    const code = await codeSentTo(international, sent);
    await page.fill('input[name=code]', arabicDigits(code));
    await page.click('button[type=submit]');
    await page.waitForURL('**/account/settings');
    await page.getByText(TEXT[language].unverified).waitFor({ state: 'detached' });

    await logout(page);
    await page.fill('input[name=username]', arabicDigits(phone));
    await page.fill('input[name=password]', password);
    await page.click('button[type=submit]');
    await page.waitForURL('**/products');
    assert.ok(await page.evaluate(() => localStorage.getItem('token')), 'signed in');

    await logout(page);
    await page.click('a[href="/auth/forget-password"]');
    await page.locator('[data-testid=forget-form]').waitFor();
    sent = outboxSize();
    await page.fill('input[name=username]', phone);
    await page.click('button[type=submit]');
    await page.waitForURL('**/auth/check-otp?username=*');
    const resetCode = await codeSentTo(international, sent);
    await page.fill('input[name=code]', resetCode);
    await page.click('button[type=submit]');
    await page.waitForURL('**/auth/reset-password');
    assert.ok(await page.evaluate(() => localStorage.getItem('temp_token')), 'the temporary token is kept');
    await page.fill('input[name=password]', 'NewHarvest2027');
    await page.fill('input[name=password_confirmation]', 'NewHarvest2027');
    await page.click('button[type=submit]');
    await page.waitForURL('**/account/settings');
    assert.equal(await page.evaluate(() => localStorage.getItem('temp_token')), null);
    await page.locator('[data-testid=account-menu]').waitFor();
    await page.context().close();
  });
}

test('a staff login lands on the dashboard and a customer cannot open it', async () => {
  const page = await pageIn(browser, 'en');
  await logIn(page, 'admin@mahsoul.test');
  await page.waitForURL('**/dashboard/overview');
  await page.getByText('Welcome,').waitFor();
  await logout(page);

  await logIn(page, '01000000003');
  await page.waitForURL('**/products');
  await page.goto(`${BASE}/dashboard/overview`);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto(`${BASE}/auth/login`);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
  await page.context().close();
});

test("Google's redirect flow lands signed in and drops the token from the address bar", async () => {
  const answer = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'customer@mahsoul.test', password: 'Mahsoul2026' }),
  }).then((r) => r.json());
  const page = await pageIn(browser, 'ar');
  await page.goto(`${BASE}/auth/google#token=${answer.data.token}`);
  await page.waitForURL('**/products');
  assert.equal(new URL(page.url()).hash, '');
  assert.equal(await page.evaluate(() => localStorage.getItem('token')), answer.data.token);
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('userData'))).email, 'customer@mahsoul.test');

  await page.context().close();

  const stranger = await pageIn(browser, 'ar');
  await stranger.goto(`${BASE}/auth/google#token=not-a-token`);
  await stranger.waitForURL('**/auth/login?google=failed');
  await stranger.getByText('تعذر تسجيل الدخول عبر جوجل. يرجى المحاولة مرة أخرى.').first().waitFor();
  assert.equal(await stranger.evaluate(() => localStorage.getItem('token')), null);
  await stranger.context().close();
});
