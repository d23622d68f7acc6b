// Cash on delivery at the door, in each language against the real binary: staff record a
// failed delivery with its reason from the order's page, then the refusal; the guest's
// tracking shows the attempt and that the parcel came back, and the order's phone wears its
// band.
import { expect, guestOrder, test, uniquePhone } from './fixtures';

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
