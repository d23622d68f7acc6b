// A guest's order tracked from the footer in each language: the number and the phone it was
// placed with (here typed in Arabic-Indic digits in Arabic) show the order and its status.
import { arabicDigits, expect, test } from './fixtures';

test('a guest tracks an order by its number and phone from the footer', async ({
  page,
  language,
  request,
  staffApi,
}) => {
  const seeds = await staffApi.addProduct('Trial dill seeds', 'بذور شبت تجريبية', 30);
  const phone = `0112${Date.now().toString().slice(-7)}`;
  const placed = await request.post('/api/guest-orders/checkout', {
    data: { name: 'Mona', phone, address: 'Farm road', city_id: 2, items: [{ id: seeds.id, quantity: 2 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const number: string = (await placed.json()).data.number;

  await page.goto('/');
  await page.click('a[href="/track-order"]');
  const form = page.getByTestId('track-form');
  await form.locator('input[name=number]').fill(number);
  await form.locator('input[name=phone]').fill('01099999999');
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('track-missing')).toBeVisible();

  await form.locator('input[name=phone]').fill(language === 'ar' ? arabicDigits(phone) : phone);
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('order-status')).toHaveText(language === 'ar' ? 'جديد' : 'New');
  await expect(page.getByTestId('order-item')).toContainText(language === 'ar' ? seeds.nameAr : seeds.nameEn);
  await expect(page.getByTestId('track-missing')).toHaveCount(0);
});
