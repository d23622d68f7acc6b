// Installable and kind to weak networks: the manifest and its icons, a returning visitor still
// served the server's painted page, and a product page seen once that opens again with the
// network gone, saying so. The other journeys block the
// service worker (playwright.config.ts) so that every answer they check is the server's.
import { expect, test } from './fixtures';

test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });

test('the shop installs like an app: a manifest in Arabic with its icons', { tag: '@en-only' }, async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    short_name: 'محصول',
    lang: 'ar',
    dir: 'rtl',
    display: 'standalone',
    start_url: '/',
  });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
  for (const icon of manifest.icons as { src: string }[]) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
});

test('a product page seen once opens again without the network, and says so', async ({ page, context, language }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  // Online, the worker hands over the server's page, painted with the product, not a shell.
  const painted = await page.goto('/products/neem-oil');
  expect(painted?.fromServiceWorker()).toBe(true);
  expect(await painted?.text()).toContain('class="fp-product"');
  const name = language === 'ar' ? 'زيت النيم' : 'Neem oil';
  await expect(page.getByTestId('product-profile').getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('product-profile').getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('product-profile').getByTestId('profile-price')).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toHaveText(
    language === 'ar'
      ? 'لا يوجد اتصال بالإنترنت: هذه الصفحات المحفوظة على هاتفك. الطلب يحتاج إلى الاتصال.'
      : 'You are offline: this is what was saved on your phone. Orders need the network.',
  );
  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
});
