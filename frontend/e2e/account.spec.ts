// A client's own screens in each language: saved shipping addresses shown as
// "city - address - cost", added, changed and deleted, on a 360 px phone; and every account
// screen thumb-sized, in Western digits and passing WCAG AA.
import { expect, expectNoSidewaysScroll, smallTargets, test, wcagViolations } from './fixtures';

test.use({ role: 'customer', viewport: { width: 360, height: 740 } });

const TEXT = {
  ar: {
    city: 'الجيزة',
    home: 'المنزل',
    save: 'حفظ العنوان',
    edit: 'تعديل',
    del: 'حذف',
    saved: 'تم حفظ العنوان.',
    required: 'العنوان مطلوب',
  },
  en: {
    city: 'Giza',
    home: 'Home',
    save: 'Save address',
    edit: 'Edit',
    del: 'Delete',
    saved: 'The address has been saved.',
    required: 'Address is required',
  },
};

test('a client adds, changes and deletes a shipping address', async ({ page, language }) => {
  const t = TEXT[language];
  // Each run writes its own address: the demo customer is shared by the other projects.
  const mine = `Palm farm road ${Date.now().toString(36)}`;
  await page.goto('/account/settings');
  await page.click('a[href="/account/shipping-address"]');
  const form = page.getByTestId('address-form');
  await form.getByRole('button', { name: t.save }).click();
  await expect(form.getByText(t.required)).toBeVisible();

  // Giza is the seed's second governorate.
  await form.getByRole('combobox').selectOption('2');
  await form.locator('input[name=address]').fill(mine);
  await form.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.saved)).toBeVisible();
  const row = page.getByTestId('address').filter({ hasText: mine });
  await expect(row).toContainText(new RegExp(`${t.city} - ${mine} - `));
  await expect(row.getByTestId('address-label')).toHaveText(t.home);
  await expectNoSidewaysScroll(page);

  await row.getByRole('button', { name: t.edit }).click();
  await form.locator('input[name=address]').fill(`${mine} 2`);
  await form.getByRole('button', { name: t.save }).click();
  const changed = page.getByTestId('address').filter({ hasText: `${mine} 2` });
  await expect(changed).toBeVisible();

  page.once('dialog', (dialog) => dialog.accept());
  await changed.getByRole('button', { name: t.del }).click();
  await expect(page.getByTestId('address').filter({ hasText: mine })).toHaveCount(0);
});

test("a client's screens are thumb-sized, in Western digits and pass WCAG AA", async ({ page, language }) => {
  for (const path of ['settings', 'orders-history', 'notifications', 'points-exchange', 'shipping-address']) {
    await page.goto(`/account/${path}`);
    await page.locator('main').getByRole('heading').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await smallTargets(page), path).toEqual([]);
    await expectNoSidewaysScroll(page);
    if (language === 'ar')
      expect(await page.locator('body').innerText(), path).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    expect(await wcagViolations(page), path).toEqual([]);
  }
});

test('the order history’s status filters all show on a 360 px phone, none cut off; the bottom bar keeps the cart', async ({
  page,
}) => {
  await page.goto('/account/orders-history');
  await expect(page.getByTestId('bottom-nav').getByTestId('cart-link')).toBeVisible();
  await expect(page.getByTestId('bottom-nav').getByTestId('account-menu')).toBeVisible();
  const filters = page.getByTestId('orders-filter').locator('label');
  await expect(filters).toHaveCount(5);
  for (const filter of await filters.all()) {
    const box = (await filter.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
});
