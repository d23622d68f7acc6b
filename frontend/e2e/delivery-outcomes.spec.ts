// Cash on delivery at the door, in each language against the real binary: staff record a
// failed delivery with its reason from the order's page, then the refusal; the guest's
// tracking shows the attempt and that the parcel came back, and the order's phone wears its
// band.
import { expect, guestOrder, test, uniquePhone, wcagViolations } from './fixtures';

const TEXT = {
  ar: {
    attempt: 'تعذّرت محاولة التوصيل رقم 1',
    refused: 'رُفض الاستلام: عادت الشحنة إلى المتجر.',
    band: 'التأكيد بمكالمة',
  },
  en: {
    attempt: 'Delivery attempt 1 failed',
    refused: 'Refused at delivery: the parcel came back to the shop.',
    band: 'Confirm by a call',
  },
};

test('staff record a failed delivery and the refusal, and the buyer tracks both', async ({
  page,
  language,
  request,
  staffApi,
  openPage,
}) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Refused okra seeds', 'بذور بامية مرفوضة', 25);
  const phone = uniquePhone('011');
  const order = await guestOrder(request, seeds.id, phone);

  const staff = await openPage('admin');
  staff.on('dialog', (dialog) => void dialog.accept());
  await staff.goto(`/dashboard/orders-actions?id=${order.id}&list=guest`);
  await staff.getByTestId('move-on_delivery').click();
  await expect(staff.getByTestId('record-attempt')).toBeVisible();
  const reason = staff.getByRole('textbox', { name: /^(Note for the history|ملاحظة للسجل)/ });
  await reason.fill('phone switched off');
  await staff.getByTestId('record-attempt').click();
  await expect(staff.getByTestId('failed-attempt')).toContainText(t.attempt);
  await expect(staff.getByTestId('failed-attempt')).toContainText('phone switched off');
  await reason.fill('refused at the door');
  await staff.getByTestId('record-refusal').click();
  await expect(staff.getByTestId('order-refused')).toHaveText(t.refused);
  await staff.reload();
  await expect(staff.getByTestId('phone-band')).toHaveText(t.band);

  await page.goto(`/track-order?number=${order.number}`);
  await page.locator('input[name="phone"]').fill(phone);
  await page.getByTestId('track-form').locator('button[type="submit"]').click();
  await expect(page.getByTestId('failed-attempt')).toContainText(t.attempt);
  await expect(page.getByTestId('failed-attempt')).not.toContainText('phone switched off');
  await expect(page.getByTestId('order-refused')).toHaveText(t.refused);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('staff deliver a parcel the buyer took only part of, and the buyer tracks what was delivered', async ({
    page,
    language,
    request,
    staffApi,
    openPage,
  }) => {
    const seeds = await staffApi.addProduct('Partly okra seeds', 'بذور بامية جزئية', 25);
    const urea = await staffApi.addProduct('Partly urea', 'يوريا جزئية', 40);
    const phone = uniquePhone('011');
    const placed = await request.post('/api/guest-orders/checkout', {
      data: {
        name: 'Mona',
        phone,
        address: 'Farm road',
        city_id: 1,
        items: [
          { id: seeds.id, quantity: 2 },
          { id: urea.id, quantity: 1 },
        ],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()).data as { id: number; number: string };
    const ureaName = language === 'ar' ? urea.nameAr : urea.nameEn;

    const staff = await openPage('admin');
    staff.on('dialog', (dialog) => void dialog.accept());
    await staff.goto(`/dashboard/orders-actions?id=${order.id}&list=guest`);
    await staff.getByTestId('move-on_delivery').click();
    await staff.getByTestId('partial-delivery').click();
    const form = staff.getByTestId('partial-delivery-form');
    await form.getByTestId('refused-units').nth(1).fill('1');
    await form.getByTestId('partial-reason').fill('the sack was torn');
    expect(await wcagViolations(staff)).toEqual([]);
    await form.getByTestId('deliver-rest').click();
    await expect(staff.getByTestId('partial-delivery-form')).toHaveCount(0);
    await expect(staff.getByTestId('history-item').last()).toContainText('the sack was torn');
    await expect(staff.getByText(ureaName)).toHaveCount(0);

    await page.goto(`/track-order?number=${order.number}`);
    await page.locator('input[name="phone"]').fill(phone);
    await page.getByTestId('track-form').locator('button[type="submit"]').click();
    await expect(page.getByText(language === 'ar' ? seeds.nameAr : seeds.nameEn)).toBeVisible();
    await expect(page.getByText(ureaName)).toHaveCount(0);
  });
});
