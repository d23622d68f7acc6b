// Staff change the shop's settings and pages, answer contact messages and put chosen
// products on offer; customers see each change in the storefront.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, logIn, pageIn } from './support.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function staffPage(language, link) {
  const page = await pageIn(browser, language);
  await logIn(page, 'admin@mahsoul.test');
  await page.waitForURL('**/dashboard/overview');
  await page.click(`a[href="${link}"]`);
  return page;
}

test('staff change the WhatsApp number and address, and the contact page shows them (en)', async () => {
  const page = await staffPage('en', '/dashboard/settings');
  const form = page.locator('[data-testid=settings-form]');
  await form.locator('input[name=whatsapp_number]').waitFor();
  await page.waitForFunction(() => document.querySelector('input[name=whatsapp_number]')?.value !== '');
  await form.locator('input[name=whatsapp_number]').fill('٠١٠٩٩٩٩٨٨٨٨');
  await form.locator('input[name=address_en]').fill('7 Canal Street, Ismailia');
  await form.locator('input[name=facebook_url]').fill('not a link');
  await form.locator('button[type=submit]').click();
  await form.getByText('Enter a link starting with https://, or leave it empty.').waitFor();
  const unchanged = (await (await fetch(`${BASE}/api/settings`, { headers: { 'Accept-Language': 'en' } })).json()).data;
  assert.notEqual(unchanged.address, '7 Canal Street, Ismailia', 'a refused change saves nothing');

  await form.locator('input[name=facebook_url]').fill('');
  await form.locator('button[type=submit]').click();
  await page.getByText('The settings have been saved.').waitFor();
  assert.equal(await form.locator('input[name=whatsapp_number]').inputValue(), '201099998888');

  await page.goto(`${BASE}/contact`);
  await page.getByText('7 Canal Street, Ismailia').waitFor();
  assert.equal(await page.locator('a[href="https://wa.me/201099998888"]').count(), 1);
  await page.context().close();
});

test('staff rewrite the refund policy in Arabic and customers read it (ar)', async () => {
  const page = await staffPage('ar', '/dashboard/settings');
  await page.click('[data-testid=page-tab-refund-policies]');
  const form = page.locator('[data-testid=page-form]');
  await page.waitForFunction(
    () => document.querySelector('[data-testid=page-form] input[name=title_ar]')?.value !== '',
  );
  await form.locator('input[name=title_ar]').fill('الاسترجاع خلال ١٤ يومًا');
  await form
    .locator('textarea[name=body_ar]')
    .fill('يمكنك إرجاع البذور المغلقة خلال ١٤ يومًا.\n\nنرد المبلغ خلال ثلاثة أيام عمل.');
  await form.locator('textarea[name=body_en]').fill('');
  await form.locator('button[type=submit]').click();
  await form.getByText('النص الإنجليزي مطلوب').waitFor();
  await form.locator('textarea[name=body_en]').fill('Return sealed seeds within 14 days.');
  await form.locator('button[type=submit]').click();
  await page.getByText('تم حفظ الإعدادات.').waitFor();

  await page.goto(`${BASE}/refund-policies`);
  const shown = page.locator('[data-testid=page-refund-policies]');
  await shown.getByText('الاسترجاع خلال ١٤ يومًا').waitFor();
  await shown.getByText('نرد المبلغ خلال ثلاثة أيام عمل.').waitFor();
  await page.context().close();
});

test('a message from the contact page reaches the staff, who mark it answered (ar)', async () => {
  const visitor = await pageIn(browser, 'ar');
  await visitor.goto(`${BASE}/contact`);
  await visitor.fill('input[name=name]', 'عم رجب');
  await visitor.fill('input[name=phone]', '٠١١٢٢٣٣٤٤٥٥');
  await visitor.fill('textarea[name=message]', 'أريد تقاوي بطاطس للعروة الشتوية');
  await visitor.click('[data-testid=contact-form] button[type=submit]');
  await visitor.getByText('شكرًا لك! سيتواصل معك فريقنا قريبًا.').waitFor();
  await visitor.context().close();

  const page = await staffPage('ar', '/dashboard/contact-messages');
  await page.fill('input[aria-label="ابحث بالاسم أو الهاتف أو البريد أو النص"]', 'تقاوي بطاطس');
  const row = page.locator('[data-testid=contact-message-row]', { hasText: 'عم رجب' });
  await row.waitFor();
  assert.equal(await page.locator('[data-testid=contact-message-row]').count(), 1);
  await row.getByText('01122334455').waitFor();
  await row.locator('[data-testid=contact-handled]').click();
  await page.getByText('تم تعليم الرسالة كمُجاب عليها.').waitFor();
  await row.waitFor({ state: 'detached' });
  await page.locator('[data-testid=contact-status]').getByText('تم الرد').click();
  await page.locator('[data-testid=contact-message-row]', { hasText: 'عم رجب' }).waitFor();
  await page.context().close();
});

test('staff put chosen products on offer and their prices drop (en)', async () => {
  const mint = async () => (await (await fetch(`${BASE}/api/products?search=mint%20seeds`)).json()).data[0];
  const before = await mint();
  assert.equal(before.has_offer, false);

  const page = await staffPage('en', '/dashboard/offers');
  const form = page.locator('[data-testid=offer-form]');
  await form.locator('input[name=title_ar]').fill('عرض الأعشاب');
  await form.locator('input[name=title_en]').fill('Herb week');
  await form.locator('input[name=percentage]').fill('25');
  await page.locator('[data-testid=offer-target]').getByText('On chosen products').click();
  const picker = page.locator('[data-testid=offer-products]');
  await picker.fill('Mint');
  await page.getByRole('option', { name: 'Mint seeds' }).click();
  const today = new Date();
  const inAWeek = new Date(today.getTime() + 7 * 86_400_000);
  await form.locator('input[name=starts_at]').fill(today.toISOString().slice(0, 10));
  await form.locator('input[name=ends_at]').fill(inAWeek.toISOString().slice(0, 10));
  await form.locator('button[type=submit]').click();
  await page.locator('[data-testid=staff-offer-row]', { hasText: 'Herb week' }).getByText('Active').waitFor();

  const after = await mint();
  assert.equal(after.has_offer, true);
  assert.equal(after.sale_price, Math.round(before.price * 75) / 100);
  await page.context().close();
});
