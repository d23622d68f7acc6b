// Cash on delivery's first step, in each language against the real binary: a guest's order
// awaits confirmation; the buyer confirms it from the link its SMS carried and staff see how;
// another order is confirmed by staff after their call, from the order's page.
import { expect, test, uniquePhone, wcagViolations } from './fixtures';

const TEXT = {
  ar: { awaiting: 'بانتظار التأكيد', byLink: 'برابط المشتري', byPhone: 'بالهاتف' },
  en: { awaiting: 'Awaiting confirmation', byLink: "by the buyer's link", byPhone: 'by phone' },
};

test('the buyer confirms from the texted link, and staff confirm another order after their call', async ({
  page,
  language,
  request,
  outbox,
  staffApi,
  openPage,
}) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Trial rocket seeds', 'بذور جرجير للتأكيد', 25);
  const guestOrder = async (phone: string) => {
    const placed = await request.post('/api/guest-orders/checkout', {
      data: { name: 'Mona', phone, address: 'Farm road', city_id: 1, items: [{ id: seeds.id, quantity: 1 }] },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return (await placed.json()).data as { id: number; number: string };
  };
  const phone = uniquePhone('011');
  const first = await guestOrder(phone);
  const second = await guestOrder(uniquePhone('012'));

  let sms = '';
  await expect
    .poll(
      () => (sms = outbox.sentTo(`+2${phone}`).find((body) => body.includes('/confirm/')) ?? ''),
      'the SMS with the link',
    )
    .not.toBe('');
  const link = new URL(sms.slice(sms.indexOf('http'))).pathname;
  await page.goto(link);
  // The page says what it confirms before anything is tapped.
  await expect(page.getByTestId('confirm-details')).toContainText(first.number);
  await expect(page.getByTestId('confirm-details')).toContainText(language === 'ar' ? seeds.nameAr : seeds.nameEn);
  await expect(page.getByTestId('confirm-deadline')).toBeVisible();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('order-confirmed')).toContainText(first.number);
  // Opened again (farmers do), it says the order is confirmed, with no button to tap.
  await page.reload();
  await expect(page.getByTestId('order-confirmed')).toContainText(first.number);
  await expect(page.getByTestId('confirm-button')).toHaveCount(0);

  const staff = await openPage('admin');
  await staff.goto(`/dashboard/orders-actions?id=${first.id}&list=guest`);
  await expect(staff.getByTestId('order-confirmation')).toContainText(t.byLink);

  await staff.goto(`/dashboard/orders-actions?id=${second.id}&list=guest`);
  await expect(staff.getByTestId('order-confirmation')).toContainText(t.awaiting);
  await staff.getByTestId('confirm-call').click();
  await expect(staff.getByTestId('order-confirmation')).toContainText(t.byPhone);
  await expect(staff.getByTestId('order-confirmation')).not.toContainText(t.awaiting);
});

test('"I did not order this" on the link cancels the order and gives its unit back', async ({
  page,
  request,
  outbox,
  staffApi,
}) => {
  const seeds = await staffApi.addProduct('Trial chard seeds', 'بذور سلق للتأكيد', 25);
  const phone = uniquePhone('010');
  const placed = await request.post('/api/guest-orders/checkout', {
    data: { name: 'Mona', phone, address: 'Farm road', city_id: 1, items: [{ id: seeds.id, quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = (await placed.json()).data as { number: string };
  await expect.poll(() => staffApi.stock(seeds.id)).toBe(49);
  let sms = '';
  await expect
    .poll(() => (sms = outbox.sentTo(`+2${phone}`).find((body) => body.includes('/confirm/')) ?? ''))
    .not.toBe('');
  await page.goto(new URL(sms.slice(sms.indexOf('http'))).pathname);
  await page.getByTestId('not-mine-button').click();
  await expect(page.getByTestId('order-not_ordered')).toContainText(number);
  await expect.poll(() => staffApi.stock(seeds.id), { message: 'the unit is back' }).toBe(50);
});

test.describe('on a sales engineer’s phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('staff change an unconfirmed order’s lines after the call, and the buyer is texted the new total', async ({
    request,
    language,
    outbox,
    staffApi,
    openPage,
  }) => {
    const seeds = await staffApi.addProduct('Lines rocket seeds', 'بذور جرجير للتعديل', 25);
    const urea = await staffApi.addProduct('Lines urea', 'يوريا للتعديل', 40);
    const phone = uniquePhone('011');
    const placed = await request.post('/api/guest-orders/checkout', {
      data: { name: 'Mona', phone, address: 'Farm road', city_id: 1, items: [{ id: seeds.id, quantity: 1 }] },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()).data as { id: number; number: string };

    const staff = await openPage('admin');
    await staff.goto(`/dashboard/orders-actions?id=${order.id}&list=guest`);
    await staff.getByTestId('change-lines').click();
    const editor = staff.getByTestId('lines-editor');
    await editor.getByTestId('sales-order-line').locator('input').fill('3');
    await editor.getByTestId('sales-order-product-search').fill(language === 'ar' ? urea.nameAr : urea.nameEn);
    await editor.getByTestId('sales-order-product').first().click();
    await expect(editor.getByTestId('sales-order-line')).toHaveCount(2);
    expect(await wcagViolations(staff)).toEqual([]);
    await editor.getByTestId('save-lines').click();
    await expect(staff.getByTestId('lines-editor')).toHaveCount(0);
    await expect(staff.getByText(language === 'ar' ? urea.nameAr : urea.nameEn)).toBeVisible();

    await expect
      .poll(
        () =>
          outbox
            .sentTo(`+2${phone}`)
            .find((body) => body.includes(order.number) && /كما اتفقنا|as agreed/.test(body)) ?? '',
      )
      .not.toBe('');
    await expect(staff.getByTestId('change-lines')).toBeVisible();
    await staff.getByTestId('confirm-call').click();
    await expect(staff.getByTestId('change-lines')).toHaveCount(0);
  });
});
