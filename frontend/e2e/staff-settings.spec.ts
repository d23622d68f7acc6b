// Staff change the shop's settings and pages, answer contact messages and put chosen
// products on offer; customers see each change in the storefront.
import { expect, openScreen, test, wcagViolations } from './fixtures';

test.use({ role: 'admin' });

test(
  'staff change the WhatsApp number and address, and the contact page shows them',
  { tag: '@en-only' },
  async ({ page, request }) => {
    await page.goto('/dashboard/overview');
    await openScreen(page, '/dashboard/settings');
    const form = page.getByTestId('settings-form');
    await expect(form.locator('input[name=whatsapp_number]')).not.toHaveValue('');
    await form.locator('input[name=whatsapp_number]').fill('٠١٠٩٩٩٩٨٨٨٨');
    await form.locator('input[name=address_en]').fill('7 Canal Street, Ismailia');
    await form.locator('input[name=facebook_url]').fill('not a link');
    await form.locator('button[type=submit]').click();
    await expect(form.getByText('Enter a link starting with https://, or leave it empty.')).toBeVisible();
    const unchanged = (await (await request.get('/api/settings', { headers: { 'Accept-Language': 'en' } })).json())
      .data;
    expect(unchanged.address, 'a refused change saves nothing').not.toBe('7 Canal Street, Ismailia');

    await form.locator('input[name=facebook_url]').fill('');
    await form.locator('button[type=submit]').click();
    await expect(page.getByText('The settings have been saved.')).toBeVisible();
    await expect(form.locator('input[name=whatsapp_number]')).toHaveValue('201099998888');

    await page.goto('/contact');
    await expect(page.getByText('7 Canal Street, Ismailia')).toBeVisible();
    await expect(page.locator('a[href="https://wa.me/201099998888"]')).toHaveCount(1);
  },
);

test('staff rewrite the refund policy in Arabic and customers read it', { tag: '@ar-only' }, async ({ page }) => {
  await page.goto('/dashboard/overview');
  await openScreen(page, '/dashboard/settings');
  await page.getByTestId('page-tab-refund-policies').click();
  const form = page.getByTestId('page-form');
  await expect(form.locator('input[name=title_ar]')).not.toHaveValue('');
  await form.locator('input[name=title_ar]').fill('الاسترجاع خلال ١٤ يومًا');
  await form
    .locator('textarea[name=body_ar]')
    .fill('يمكنك إرجاع البذور المغلقة خلال ١٤ يومًا.\n\nنرد المبلغ خلال ثلاثة أيام عمل.');
  await form.locator('textarea[name=body_en]').fill('');
  await form.locator('button[type=submit]').click();
  await expect(form.getByText('النص الإنجليزي مطلوب')).toBeVisible();
  await form.locator('textarea[name=body_en]').fill('Return sealed seeds within 14 days.');
  await form.locator('button[type=submit]').click();
  await expect(page.getByText('تم حفظ الإعدادات.')).toBeVisible();

  await page.goto('/refund-policies');
  const shown = page.getByTestId('page-refund-policies');
  await expect(shown.getByText('الاسترجاع خلال ١٤ يومًا')).toBeVisible();
  await expect(shown.getByText('نرد المبلغ خلال ثلاثة أيام عمل.')).toBeVisible();
});

test(
  'a message from the contact page reaches the staff, who mark it answered',
  { tag: '@ar-only' },
  async ({ page, openPage }) => {
    // A number of its own, so the search finds this message alone however often the test runs.
    const reference = `طلب ${Date.now() % 1_000_000}`;
    const visitor = await openPage('guest');
    await visitor.goto('/contact');
    await visitor.fill('input[name=name]', 'عم رجب');
    await visitor.fill('input[name=phone]', '٠١١٢٢٣٣٤٤٥٥');
    await visitor.fill('textarea[name=message]', `أريد تقاوي بطاطس للعروة الشتوية، ${reference}`);
    await visitor.click('[data-testid=contact-form] button[type=submit]');
    await expect(visitor.getByText('شكرًا لك! سيتواصل معك فريقنا قريبًا.')).toBeVisible();

    await page.goto('/dashboard/overview');
    await openScreen(page, '/dashboard/contact-messages');
    await page.getByLabel('ابحث بالاسم أو الهاتف أو البريد أو النص').fill(reference);
    // The search is written to the address after a pause: the list is the searched one from
    // here on, and no change of search races the click below.
    await expect(page).toHaveURL(/[?&]search=/);
    const row = page.getByTestId('contact-message-row').filter({ hasText: reference });
    await expect(row).toBeVisible();
    await expect(page.getByTestId('contact-message-row')).toHaveCount(1);
    await expect(row.getByText('01122334455')).toBeVisible();
    await row.getByTestId('contact-handled').click();
    await expect(page.getByText('تم تعليم الرسالة كمُجاب عليها.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByTestId('contact-status').getByText('تم الرد').click();
    await expect(page.getByRole('radio', { name: 'تم الرد' })).toBeChecked();
    await expect(row).toBeVisible();
    await expect(row.getByText('عم رجب')).toBeVisible();
    // The highlight sits under the chosen label in Arabic too (it once stayed at the start).
    const status = page.getByTestId('contact-status');
    await expect(async () => {
      const highlight = await status.locator('.mantine-SegmentedControl-indicator').boundingBox();
      const chosen = await status.locator('label', { hasText: 'تم الرد' }).boundingBox();
      expect(Math.abs(highlight!.x + highlight!.width / 2 - (chosen!.x + chosen!.width / 2))).toBeLessThan(3);
    }).toPass();
  },
);

test(
  'staff put chosen products on offer and their prices drop',
  { tag: '@en-only' },
  async ({ page, request, staffApi }) => {
    const product = await staffApi.addProduct('Trial mint seeds', 'بذور نعناع تجريبية', 80);
    const current = async () => (await (await request.get(`/api/products/${product.slug}`)).json()).data;
    expect((await current()).has_offer).toBe(false);

    await page.goto('/dashboard/overview');
    await openScreen(page, '/dashboard/offers');
    const form = page.getByTestId('offer-form');
    await form.locator('input[name=title_ar]').fill('عرض الأعشاب');
    await form.locator('input[name=title_en]').fill('Herb week');
    await form.locator('input[name=percentage]').fill('25');
    await page.getByTestId('offer-target').getByText('On chosen products').click();
    // The options are replaced when the debounced search answers; a click on the old list is
    // lost, so the product is picked until its pill shows.
    await expect(async () => {
      await page.getByTestId('offer-products').fill(product.nameEn);
      await page.getByRole('option', { name: product.nameEn }).click({ timeout: 2_000 });
      await expect(form.locator('.mantine-Pill-label', { hasText: product.nameEn })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    const today = new Date();
    const inAWeek = new Date(today.getTime() + 7 * 86_400_000);
    // The days are typed (a calendar opens beside each field and closes when it is left).
    for (const [label, day] of [
      ['Starts', today],
      ['Ends', inAWeek],
    ] as const) {
      await form.getByLabel(label, { exact: true }).fill(day.toISOString().slice(0, 10));
      await form.getByLabel(label, { exact: true }).blur();
    }
    await expect(form.getByLabel('Ends', { exact: true })).toHaveValue(
      inAWeek.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    );
    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/dashboard/offers') && response.request().method() === 'POST',
    );
    await form.locator('button[type=submit]').click();
    expect((await saved).ok(), await (await saved).text()).toBe(true);
    await expect(
      page.getByTestId('staff-offer-row').filter({ hasText: 'Herb week' }).getByText('Active', { exact: true }),
    ).toBeVisible();

    const after = await current();
    expect(after.has_offer).toBe(true);
    expect(after.sale_price).toBe(60);
  },
);

test.describe('at 360 × 800', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("on a phone the dashboard's menu waits behind a button naming the screen, and each screen starts in view", async ({
    page,
  }) => {
    await page.goto('/dashboard/search');
    await expect(page.getByTestId('side-menu')).toBeHidden();
    const button = page.getByTestId('menu-button');
    await expect(button).toBeVisible();
    expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    // The screen's title is on the first screen, under the button, not below eighteen links.
    const title = page.locator('main').getByRole('heading').first();
    await expect(title).toBeInViewport();
    await button.click();
    const drawer = page.getByTestId('menu-drawer');
    await expect(drawer.locator('[aria-current="page"]')).toHaveAttribute('href', '/dashboard/search');
    // Where the menu is, not only that it is: it slides in over the page, on the first screen,
    // without the page scrolling to it (Playwright would scroll to a link at the page's bottom).
    await expect(page.locator('.mantine-Drawer-overlay')).toBeVisible();
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    // The drawer slides in: its box is read once it has come to rest inside the screen.
    await expect
      .poll(async () => {
        const content = await page.locator('.mantine-Drawer-content').boundingBox();
        return !!content && content.x >= 0 && content.x + content.width <= viewport.width;
      })
      .toBe(true);
    const boxes = await drawer
      .getByRole('link')
      .evaluateAll((all) => all.map((link) => link.getBoundingClientRect().toJSON() as DOMRect));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(boxes[0]?.top ?? -1).toBeGreaterThanOrEqual(0);
    expect(boxes[0]?.bottom ?? Infinity).toBeLessThanOrEqual(viewport.height);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(viewport.width);
    }
    // The links below the drawer's fold are in the drawer, which scrolls: never below the page.
    const body = await page.locator('.mantine-Drawer-content').boundingBox();
    expect((body?.y ?? -1) >= 0 && (body?.y ?? 0) + (body?.height ?? Infinity) <= viewport.height).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await button.click();
    const heights = await drawer
      .getByRole('link')
      .evaluateAll((all) => all.map((link) => link.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    expect(await wcagViolations(page)).toEqual([]);
    await drawer.locator('a[href="/dashboard/overview"]').click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(drawer).toBeHidden();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways).toBeLessThanOrEqual(0);
  });
});

test(
  "in Arabic the dashboard's days are typed in either digit system and written in Western digits",
  { tag: '@ar-only' },
  async ({ page }) => {
    await page.goto('/dashboard/orders');
    // On a phone the filters wait behind their button, which then counts the one set.
    await page.getByTestId('filters-button').click();
    const from = page.getByLabel('من', { exact: true });
    await from.fill('٢٦/١١/٢٠٢٦');
    await from.blur();
    await expect(from).toHaveValue('26 نوفمبر 2026');
    // The filter reaches the address as the API reads it.
    await expect(page).toHaveURL(/[?&]from=2026-11-26/);
    await expect(page.getByTestId('filters-button')).toHaveText('التصفية (1)');
    // The calendar, open, in Western digits too, and every control of it named.
    await from.click();
    await expect(page.getByRole('button', { name: 'اختر الشهر أو السنة' })).toHaveText('نوفمبر 2026');
    expect(await page.locator('body').innerText()).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    expect(await wcagViolations(page)).toEqual([]);
  },
);

test('on a phone the clients list keeps its filters behind one button that counts those set', async ({
  page,
  language,
}) => {
  await page.goto('/dashboard/users');
  const governorate = page.getByLabel(language === 'ar' ? 'كل المحافظات' : 'Any governorate', { exact: true });
  await expect(governorate).toBeHidden();
  await page.getByTestId('filters-button').click();
  await governorate.selectOption({ index: 1 });
  await expect(page).toHaveURL(/[?&]city=\d+/);
  await expect(page.getByTestId('filters-button')).toHaveText(language === 'ar' ? 'التصفية (1)' : 'Filters (1)');
  expect(await wcagViolations(page)).toEqual([]);
});
