// Every dashboard screen on a phone, in Arabic and English: Western digits in what the shop
// writes (a message is shown as its writer typed it: `data-typed`), nothing wider than the
// screen, every target at least 44 px (a sales engineer's thumb), and no WCAG 2.2 AA violation
// axe-core finds.
import {
  expect,
  expectNoSidewaysScroll,
  guestOrder,
  smallTargets,
  test,
  uniquePhone,
  uniqueSuffix,
  wcagViolations,
} from './fixtures';

test.use({ role: 'admin' });
// Every test makes what it changes: they run side by side.
test.describe.configure({ mode: 'parallel' });

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
  'lookup?q=01',
  'integrations',
  'integrations?tab=keys',
];

// The screens in four tests that may run side by side: each screen's checks take seconds.
const PARTS = 4;
for (let part = 0; part < PARTS; part++) {
  const screens = SCREENS.filter((_, index) => index % PARTS === part);
  test(`every dashboard screen reads in Western digits, fits the phone, takes a thumb and passes WCAG AA (${part + 1} of ${PARTS})`, async ({
    page,
    language,
  }) => {
    test.setTimeout(120_000);
    for (const path of screens) {
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
}

/** What of the elements `selector` finds (and everything inside them) lies outside the
 * screen's width, other than in a row of tabs, which scrolls sideways on purpose. */
function offScreen(page: import('@playwright/test').Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) => {
    const width = window.innerWidth;
    return roots
      .flatMap((root) => [root, ...root.querySelectorAll<HTMLElement>('*')])
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || element.closest('[role=tablist]')) return false;
        return box.left < -0.5 || box.right > width + 0.5;
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('data-testid') ?? element.tagName.toLowerCase();
        return `${name} "${element.textContent?.trim().slice(0, 24)}" ${Math.round(box.left)}–${Math.round(box.right)}`;
      });
  });
}

test.describe('on a 360 × 800 phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('the order card, the confirm area and the farm, lots, overview, roles and staff screens lie within the screen', async ({
    page,
    request,
    staffApi,
  }) => {
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    const product = await staffApi.addProduct(`Clover ${suffix}`, `برسيم ${suffix}`, 60, 0);
    await staffApi.addLot(product, `CL-${suffix}`, '2099-03-01', 20);
    const order = await guestOrder(request, product.id, uniquePhone('011'));
    const screens: Array<[string, string]> = [
      ['guest-orders?confirmation=awaiting', '[data-testid=staff-order-row]'],
      [`orders-actions?id=${order.id}&list=guest`, 'main'],
      ['farm-lists', '[data-testid=farm-list-row]'],
      ['lots?all=1', '[data-testid=watched-lot]'],
      [`products-actions?id=${product.id}`, '[data-testid=lot-row]'],
      ['overview', 'main'],
      ['roles', '[data-testid=role-row]'],
      ['admins', '[data-testid=staff-row]'],
    ];
    for (const [path, selector] of screens) {
      await page.goto(`/dashboard/${path}`);
      await page.locator('main').getByRole('heading').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator(selector).count(), `${path}: something to look at`).toBeGreaterThan(0);
      expect.soft(await offScreen(page, selector), path).toEqual([]);
      await expectNoSidewaysScroll(page);
    }
    // The order's call and confirm buttons are in the first screen, under the buyer's phone,
    // each a thumb's size.
    await page.goto(`/dashboard/orders-actions?id=${order.id}&list=guest`);
    for (const id of ['call-customer', 'whatsapp-customer', 'confirm-call', 'confirm-whatsapp']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect.soft(box.y + box.height <= 800, `${id} at ${Math.round(box.y)} px`).toBe(true);
      expect
        .soft(Math.min(box.width, box.height) >= 44, `${id} ${Math.round(box.width)}×${Math.round(box.height)}`)
        .toBe(true);
    }
  });

  test('the order lists open on the calls to make, and no tab’s words are wider than the tab', async ({ page }) => {
    for (const list of ['orders', 'guest-orders']) {
      await page.goto(`/dashboard/${list}`);
      const tabs = page.getByRole('tab');
      await expect(tabs.first()).toHaveAttribute('data-testid', 'orders-tab-awaiting');
      const squeezed = await tabs.evaluateAll((all) =>
        all
          .filter((tab) => tab.scrollWidth > tab.clientWidth + 1)
          .map((tab) => `${tab.textContent}: ${tab.scrollWidth} > ${tab.clientWidth}`),
      );
      expect.soft(squeezed, list).toEqual([]);
      // The count sits under its word, never over it.
      const overlapping = await tabs.evaluateAll(
        (all) =>
          all.filter((tab) => {
            const label = tab.querySelector('[data-testid=tab-count]');
            const word = label?.previousSibling;
            if (!label || !word) return false;
            const range = document.createRange();
            range.selectNodeContents(word);
            const [a, b] = [range.getBoundingClientRect(), label.getBoundingClientRect()];
            return a.bottom > b.top + 0.5 && b.bottom > a.top + 0.5 && a.right > b.left + 0.5 && b.right > a.left + 0.5;
          }).length,
      );
      expect.soft(overlapping, list).toBe(0);
    }
  });
});
