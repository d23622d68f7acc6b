// Integrations on a phone, in Arabic and English: an endpoint is added (its secret shown once),
// an order's event reaches a receiver on loopback, signed, and the delivery log says so; an API
// key is made (shown once), lists the dashboard's orders, and stops working when revoked.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, guestOrder, openScreen, test, uniquePhone, uniqueSuffix } from './fixtures';

test.use({ role: 'admin' });

const WORDS = {
  en: {
    url: 'Address (https)',
    created: 'Order placed',
    save: 'Save',
    log: 'Deliveries',
    delivered: 'Delivered',
    keys: 'API keys',
    name: 'Name',
    scopes: 'Permissions',
    saved: 'I have saved it',
    revoke: 'Revoke',
    revoked: 'Revoked',
    guestOrders: 'Guest orders — View',
  },
  ar: {
    url: 'العنوان (https)',
    created: 'طلب جديد',
    save: 'حفظ',
    log: 'سجل الإرسال',
    delivered: 'تم التوصيل',
    keys: 'مفاتيح الواجهة البرمجية',
    name: 'الاسم',
    scopes: 'الصلاحيات',
    saved: 'حفظته',
    revoke: 'إلغاء',
    revoked: 'ملغى',
    guestOrders: 'طلبات الزوار — عرض',
  },
};

test('an endpoint hears of a new order and its log says delivered; a key works until revoked', async ({
  page,
  request,
  staffApi,
  language,
}) => {
  const words = WORDS[language];
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const receiver = createServer((incoming, answer) => {
    let body = '';
    incoming.on('data', (chunk) => (body += chunk));
    incoming.on('end', () => {
      received.push({ headers: incoming.headers, body });
      answer.writeHead(204).end();
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${uniqueSuffix()}`;

  await page.goto('/dashboard/overview');
  await openScreen(page, '/dashboard/integrations');
  await page.getByRole('textbox', { name: words.url }).fill(url);
  await page.getByRole('checkbox', { name: new RegExp(words.created) }).check();
  await page.getByRole('button', { name: words.save }).click();
  await expect(page.getByTestId('secret-value')).toContainText('whsec_');
  await page.getByRole('button', { name: words.saved }).click();
  await expect(page.getByTestId('secret-value')).toHaveCount(0);

  const product = await staffApi.addProduct('Hooked seeds', 'بذور مربوطة');
  const order = await guestOrder(request, product.id, uniquePhone('0101'));
  // Every endpoint takes every order: the other language's test orders too.
  const ours = () => received.find((one) => JSON.parse(one.body).data.order.number === order.number);
  await expect.poll(() => ours() !== undefined, { timeout: 15_000 }).toBe(true);
  expect(JSON.parse(ours()!.body).type).toBe('order.created');
  expect(ours()!.headers['webhook-signature']).toMatch(/^v1,/);

  const card = page.getByTestId('webhook-endpoint').filter({ hasText: url });
  await card.getByRole('button', { name: words.log }).click();
  await expect(card.getByTestId('webhook-delivery').first()).toContainText(words.delivered, { timeout: 15_000 });

  await page.getByRole('tab', { name: words.keys }).click();
  const keyName = `ERP ${uniqueSuffix()}`;
  await page.getByRole('textbox', { name: words.name }).fill(keyName);
  await page.getByRole('textbox', { name: words.scopes }).click();
  await page.getByRole('option', { name: words.guestOrders }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: words.save }).click();
  const secret = (await page.getByTestId('secret-value').textContent())!.trim();
  expect(secret).toMatch(/^mk_/);
  const asKey = { headers: { Authorization: `Bearer ${secret}` } };
  expect((await request.get('/api/dashboard/guest-orders', asKey)).status()).toBe(200);
  expect((await request.get('/api/dashboard/products', asKey)).status()).toBe(403);

  page.once('dialog', (dialog) => dialog.accept());
  const key = page.getByTestId('api-key').filter({ hasText: keyName });
  await key.getByRole('button', { name: words.revoke }).click();
  await expect(key).toContainText(words.revoked);
  expect((await request.get('/api/dashboard/guest-orders', asKey)).status()).toBe(401);
  receiver.close();
});
