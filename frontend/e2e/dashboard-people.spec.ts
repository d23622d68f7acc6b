// The rest of the dashboard, in each language against the real binary: an admin makes a role
// and a staff member holding it sees only its screens; a sales engineer orders for a client;
// an admin sends an SMS to a group and watches the progress bar finish; the overview draws
// its charts with the test's orders.
import { CLIENT_PASSWORD, clientOrder, expect, logIn, newClient, test, uniquePhone } from './fixtures';

test.use({ role: 'admin' });

const TEXT = {
  ar: {
    roleName: 'اسم الدور',
    save: 'حفظ',
    name: 'الاسم',
    phone: 'الهاتف',
    role: 'دور الصلاحيات',
    password: 'كلمة المرور',
    products: 'المنتجات',
    categories: 'الأقسام',
    orders: 'الطلبات',
    clients: 'العملاء',
    sent: 'الرسالة في طريقها إلى العملاء.',
    group: 'مجموعة',
    twoClients: '2 عميل',
    placed: 'تم تسجيل الطلب للعميل.',
  },
  en: {
    roleName: 'Role name',
    save: 'Save',
    name: 'Name',
    phone: 'Phone',
    role: 'Access role',
    password: 'Password',
    products: 'Products',
    categories: 'Categories',
    orders: 'Orders',
    clients: 'Clients',
    sent: 'The message is on its way to the clients.',
    group: 'A group',
    twoClients: '2 clients',
    placed: 'The order has been placed for the client.',
  },
};

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

test('an admin makes a role with some permissions and a staff member holding it sees only those screens', async ({
  page,
  language,
  openPage,
}) => {
  const t = TEXT[language];
  const roleName = `Stock ${suffix()}`;
  await page.goto('/dashboard/roles-actions');
  await page.getByLabel(t.roleName).fill(roleName);
  await page.getByRole('checkbox', { name: 'product-list', exact: true }).check();
  await page.getByRole('checkbox', { name: 'category-list', exact: true }).check();
  await page.getByRole('button', { name: t.save }).click();
  await page.waitForURL('**/dashboard/roles');
  await expect(page.getByTestId('role-row').filter({ hasText: roleName })).toHaveCount(1);

  const phone = uniquePhone('0103');
  await page.goto('/dashboard/admins-actions');
  const form = page.getByTestId('staff-form');
  await form.getByLabel(t.name).fill('Stock Keeper');
  await form.getByLabel(t.phone).fill(phone);
  await form.locator('select[name=role_id]').selectOption({ label: roleName });
  await form.locator('input[name=password]').fill(CLIENT_PASSWORD);
  await form.getByRole('button', { name: t.save }).click();
  await page.waitForURL('**/dashboard/admins');

  const keeper = await openPage('guest');
  await logIn(keeper, phone, CLIENT_PASSWORD);
  await keeper.waitForURL('**/dashboard/overview');
  await keeper.getByTestId('menu-button').click();
  const menu = keeper.getByTestId('menu-drawer');
  await expect(menu.getByRole('link', { name: t.products, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: t.categories, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: t.orders, exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: t.clients, exact: true })).toHaveCount(0);
  // A screen the role does not include says so where it is, with the way back.
  await keeper.goto('/dashboard/users');
  await expect(keeper.getByTestId('no-access')).toBeVisible();
  await expect(keeper).toHaveURL(/\/dashboard\/users$/);
  await keeper.getByTestId('no-access').getByRole('link').click();
  await keeper.waitForURL('**/dashboard/overview');
});

test('a sales engineer places an order for their client', async ({ language, request, outbox, staffApi, openPage }) => {
  const t = TEXT[language];
  const seeds = await staffApi.addProduct('Sales okra seeds', 'بذور بامية للمبيعات', 40, 20);
  const client = await newClient(request, outbox, language === 'ar' ? '0120' : '0121');
  const engineer = await openPage('guest');
  await logIn(engineer, '01000000002');
  // A sales engineer signing in lands on their dashboard; from the shop, one tap leads back.
  await engineer.waitForURL('**/dashboard/overview');
  await engineer.goto('/products');
  await engineer.getByTestId('dashboard-link').filter({ visible: true }).click();
  await engineer.waitForURL('**/dashboard/overview');
  await engineer.goto('/dashboard/sales-orders');
  await engineer.getByTestId('new-sales-order').click();
  await engineer.waitForURL('**/dashboard/sales-orders-actions');
  await engineer.getByTestId('sales-order-client').click();
  await engineer.getByTestId('sales-order-client').fill(client.phone);
  await engineer.getByRole('option', { name: new RegExp(client.phone) }).click();
  await engineer.getByTestId('sales-order-product-search').fill(language === 'ar' ? seeds.nameAr : seeds.nameEn);
  await engineer.getByTestId('sales-order-product').first().click();
  await engineer.getByTestId('sales-order-line').locator('input').fill('2');
  await engineer.locator('input[name=address]').fill('Farm 4, Tanta road');
  await engineer.locator('select[name=city_id]').selectOption('1');
  await engineer.getByTestId('place-sales-order').click();
  await expect(engineer.getByText(t.placed)).toBeVisible();
  await engineer.waitForURL('**/dashboard/orders-actions?id=*');
  // The catalogue's copy catches up within its freshness window.
  await expect.poll(() => staffApi.stock(seeds.id)).toBe(18);
});

test('an admin sends an SMS to a group and watches the progress bar finish', async ({
  page,
  language,
  request,
  outbox,
  staffApi,
}) => {
  const t = TEXT[language];
  const groupId = await staffApi.addGroup(`Group ${suffix()}`, `مجموعة ${suffix()}`);
  const phones: string[] = [];
  for (const prefix of language === 'ar' ? ['0122', '0123'] : ['0124', '0125']) {
    const client = await newClient(request, outbox, prefix);
    await staffApi.putInGroup(client.token, client.phone, groupId);
    phones.push(client.phone);
  }
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto('/dashboard/sms');
  await page.getByTestId('sms-audience').getByText(t.group).click();
  await page.getByTestId('sms-audience-id').selectOption(String(groupId));
  // The counter counts what each client is sent and the shop pays for, the opt-out line
  // included: the parts it says are the parts the server's preview bills.
  const numbers = async (testId: string) => (await page.getByTestId(testId).innerText()).match(/\d+/g)!.map(Number);
  const counterMatchesPreview = async (message: string, partsAlone: number) => {
    await page.getByTestId('sms-message').fill(message);
    await expect(page.getByTestId('sms-preview')).toContainText(t.twoClients);
    await expect.poll(async () => (await numbers('sms-counter'))[1]).toBeGreaterThan(partsAlone);
    await expect.poll(async () => (await numbers('sms-preview'))[1]).toBe((await numbers('sms-counter'))[1]);
  };
  await counterMatchesPreview(language === 'ar' ? 'خ'.repeat(130) : 'a'.repeat(300), 2);
  const message = language === 'ar' ? 'خصم ١٠٪ على بذور الموسم' : 'Season seeds: 10% off';
  await counterMatchesPreview(message, 0);
  await expect(page.getByTestId('sms-preview')).toContainText(t.twoClients);
  await page.getByTestId('sms-send').click();
  await expect(page.getByText(t.sent)).toBeVisible();
  await expect(page.getByTestId('sms-progress')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  for (const phone of phones) {
    await expect
      .poll(() => outbox.size() > 0 && outbox.sentTo(`+2${phone}`).some((body) => body.includes('/sms/opt-out/')))
      .toBe(true);
  }
});

test('the overview draws its cards and charts with the orders of the test', async ({
  page,
  language,
  request,
  outbox,
  staffApi,
}) => {
  const seeds = await staffApi.addProduct('Overview mint seeds', 'بذور نعناع للنظرة', 25);
  const client = await newClient(request, outbox, '0126');
  await clientOrder(request, client.token, seeds.id, 2);
  await page.goto('/dashboard/overview');
  await expect(page.getByTestId('card-orders-today')).not.toHaveText(/^\D*[0٠]\D*$/);
  for (const chart of ['chart-per-month', 'chart-revenue', 'chart-per-city']) {
    await expect(page.getByTestId(chart).locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
  }
  await expect(page.getByTestId('chart-per-month').locator('.recharts-bar-rectangle').first()).toBeVisible();
  // The months by name, the revenue in pounds.
  const month = new Date().toLocaleDateString(language === 'ar' ? 'ar-EG-u-nu-latn' : 'en', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });
  for (const chart of ['chart-per-month', 'chart-revenue']) {
    await expect(page.getByTestId(chart).getByRole('application')).toContainText(month);
  }
  await expect(page.getByTestId('chart-revenue').getByRole('application')).toContainText(
    language === 'ar' ? 'جنيه' : 'EGP',
  );
});
