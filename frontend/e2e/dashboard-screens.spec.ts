// Every dashboard screen on a phone, in Arabic and English: Western digits in what the shop
// writes (a message is shown as its writer typed it: `data-typed`), nothing wider than the
// screen, every target at least 44 px (a sales engineer's thumb), and no WCAG 2.2 AA violation
// axe-core finds.
import { expect, expectNoSidewaysScroll, smallTargets, test, wcagViolations } from './fixtures';

test.use({ role: 'admin' });

/** The rows of the lists a phone shows as cards. */
const LIST_ROWS = [
  'staff-order-row',
  'staff-product-row',
  'client-row',
  'staff-copoun-row',
  'farm-list-row',
  'lot-row',
  'watched-lot',
]
  .map((row) => `[data-testid=${row}]`)
  .join(', ');

const SCREENS = [
  'overview',
  'new-orders',
  'orders',
  'new-guest-orders',
  'sales-orders',
  'notifications',
  'users',
  'products',
  'products-actions',
  // A product's form with its agronomy and batches.
  'products-actions?id=1',
  'lots',
  'farm-lists',
  'categories',
  'offers',
  'copouns',
  'copouns-actions',
  'points',
  'shipping',
  'courier-cash',
  'contact-messages',
  'sms',
  'admins',
  'sales',
  'roles',
  'settings',
  'search',
  'integrations',
  'integrations?tab=keys',
];

test('every dashboard screen reads in Western digits, fits the phone, takes a thumb and passes WCAG AA', async ({
  page,
  language,
}) => {
  test.setTimeout(180_000);
  for (const path of SCREENS) {
    await page.goto(`/dashboard/${path}`);
    await page.locator('main').getByRole('heading').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (language === 'ar') {
      const written = await page.locator('body').evaluate((body) => {
        const copy = body.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[data-typed], script, style').forEach((typed) => typed.remove());
        return copy.textContent ?? '';
      });
      expect(written, path).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
    }
    await expectNoSidewaysScroll(page);
    // A list's rows are cards that fit the screen, not a table to scroll sideways inside.
    const width = page.viewportSize()!.width;
    for (const row of await page.locator(LIST_ROWS).all()) {
      const box = (await row.boundingBox())!;
      expect
        .soft(box.x >= 0 && box.x + box.width <= width, `${path}: a row ${Math.round(box.width)} px wide`)
        .toBe(true);
    }
    expect.soft(await smallTargets(page), path).toEqual([]);
    expect.soft(await wcagViolations(page), path).toEqual([]);
  }
});
