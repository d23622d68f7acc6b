// What every browser test is given: its shop, its language, a page signed in as its role,
// the shop's outbox, pages for other people in the same story, and the staff API to create
// the data the test changes, so that no two tests share what they change.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { shopOf, signedInState, type Shop } from './servers';

export { expect };

/** Who a page belongs to: nobody signed in, or a demo account. */
export type Role = 'guest' | 'admin' | 'customer';

/** Options a project or a file sets. */
export interface Options {
  database: Shop['database'];
  language: 'ar' | 'en';
  /** Who the test's `page` is signed in as (the setup project's saved state). */
  role: Role;
}

/** A product a test made for itself. */
export interface OwnProduct {
  id: number;
  slug: string;
  nameAr: string;
  nameEn: string;
  price: number;
}

/** The shop's outbox: the codes and messages the server would have sent. */
export class Outbox {
  constructor(private readonly file: string) {}

  private messages(): { to: string; code?: string }[] {
    try {
      return readFileSync(this.file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    } catch {
      return [];
    }
  }

  /** The texts sent to `to` (international form), oldest first. */
  sentTo(to: string): string[] {
    return this.messages()
      .filter((m) => m.to === to)
      .map((m) => (m as { body?: string }).body ?? '');
  }

  /** How many messages it holds now. */
  size(): number {
    return this.messages().length;
  }

  /** The latest code sent to `to` after the outbox held `after` messages. */
  async codeSentTo(to: string, after: number): Promise<string> {
    let code: string | undefined;
    await expect
      .poll(() => {
        code = this.messages()
          .slice(after)
          .reverse()
          .find((m) => m.to === to && m.code)?.code;
        return code;
      }, `a code sent to ${to}`)
      .toBeTruthy();
    return code!;
  }
}

/** The staff API signed in as the demo admin. */
export class StaffApi {
  constructor(private readonly request: APIRequestContext) {}

  /** Adds a product of its own for a test: a unique name, in stock, in no seeded category. */
  async addProduct(nameEn: string, nameAr: string, price = 60, quantity = 50): Promise<OwnProduct> {
    const suffix = uniqueSuffix();
    const answer = await this.request.post('/api/dashboard/products', {
      data: {
        name_en: `${nameEn} ${suffix}`,
        name_ar: `${nameAr} ${suffix}`,
        price: String(price),
        quantity,
        weight: '250',
        weight_unit: 'g',
      },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const { data } = await answer.json();
    // The storefront reads an in-memory catalogue refreshed within a moment of each write:
    // wait until it shows the product, so a page opened next finds it.
    await expect
      .poll(async () => (await this.request.get(`/api/products/${data.slug}`)).status(), {
        message: `the storefront shows ${data.slug}`,
      })
      .toBe(200);
    return { id: data.id, slug: data.slug, nameAr: data.name_ar, nameEn: data.name_en, price };
  }

  /** Describes one of its own products as a restricted abamectin 1.8% EC in 250 mL bottles,
   * used on tomato against spider mites at 50 mL per 100 L of water, 400 L a feddan. */
  async describeRestrictedAbamectin(product: OwnProduct): Promise<void> {
    const tomato = (await (await this.request.get('/api/crops/tomato')).json()).data;
    const ingredients = (await (await this.request.get('/api/dashboard/active-ingredients')).json()).data;
    const mites = (await (await this.request.get('/api/pests/spider-mites')).json()).data.pest;
    const abamectin = ingredients.find((ingredient: { name_en: string }) => ingredient.name_en === 'abamectin');
    const answer = await this.request.put(`/api/dashboard/products/${product.id}/agronomy`, {
      data: {
        kind: 'pesticide',
        formulation: 'EC',
        pack: { size: 250, unit: 'ml' },
        active_ingredients: [{ ingredient_id: abamectin.id, concentration: '18', unit: 'g/L' }],
        registration_no: 'SAMPLE-APC-7001',
        registration_expires_on: '2099-12-31',
        who_class: 'II',
        restricted: true,
        uses: [
          {
            crop_id: tomato.crop.id,
            pest_id: mites.id,
            rate_from: 40,
            rate_to: 50,
            rate_unit: 'ml_per_100l',
            water_per_feddan: 400,
            phi_days: 3,
          },
        ],
      },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    await expect
      .poll(
        async () => (await (await this.request.get(`/api/products/${product.slug}`)).json()).data.agronomy?.restricted,
        {
          message: `the storefront shows ${product.slug} restricted`,
        },
      )
      .toBe(true);
  }

  /** Counts a product's units anew, as staff do on its form. */
  async setStock(product: OwnProduct, quantity: number): Promise<void> {
    const answer = await this.request.put(`/api/dashboard/products/${product.id}`, {
      data: {
        name_en: product.nameEn,
        name_ar: product.nameAr,
        price: String(product.price),
        quantity,
        weight: '250',
        weight_unit: 'g',
      },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  /** How many units of a product are left. */
  async stock(id: number): Promise<number> {
    const answer = await this.request.get(`/api/dashboard/products/${id}`);
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()).data.quantity;
  }

  /** Receives a lot of a product that holds no units outside lots. */
  async addLot(product: OwnProduct, batch: string, expiresOn: string, quantity: number): Promise<void> {
    const answer = await this.request.post(`/api/dashboard/products/${product.id}/lots`, {
      data: { batch, expires_on: expiresOn, quantity },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  /** Adds a running promo code of its own (a unique code from `prefix`); answers the code. */
  async addCopoun(prefix: string, type: 'percent' | 'fixed', value: number): Promise<string> {
    const code = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
    const answer = await this.request.post('/api/dashboard/copouns', { data: { code, type, value: String(value) } });
    expect(answer.status(), await answer.text()).toBe(200);
    return code;
  }

  /** Puts a client order, and its client, in a sales engineer's care. */
  async assign(order: number, engineer: number) {
    return this.request.post(`/api/dashboard/orders/${order}/sales-engineer`, {
      data: { sales_engineer_id: engineer },
    });
  }

  /** Adds a client group of its own; answers its id. */
  async addGroup(nameEn: string, nameAr: string): Promise<number> {
    const answer = await this.request.post('/api/dashboard/groups', { data: { name_en: nameEn, name_ar: nameAr } });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()).data.id;
  }

  /** Puts the client with this token in a group. */
  async putInGroup(clientToken: string, phone: string, group: number): Promise<void> {
    const me = await this.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${clientToken}` } });
    const id: number = (await me.json()).data.id;
    const answer = await this.request.put(`/api/dashboard/users/${id}`, {
      data: { name: 'Samir', phone, group_id: group },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  /** Moves a client order to `status`. */
  async moveOrder(order: number, status: 'on_delivery' | 'delivered' | 'cancelled'): Promise<void> {
    const answer = await this.request.post(`/api/dashboard/orders/${order}/status`, { data: { status } });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  /** Adds an exchange rule: `points` for `discount` percent. */
  async addPointsRule(points: number, discount: number): Promise<void> {
    const answer = await this.request.post('/api/dashboard/points-rules', { data: { points, discount } });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  /** Puts products on an offer running from today for a week. */
  async addOffer(titleEn: string, titleAr: string, percentage: number, productIds: number[]): Promise<void> {
    const today = new Date();
    const inAWeek = new Date(today.getTime() + 7 * 86_400_000);
    const answer = await this.request.post('/api/dashboard/offers', {
      data: {
        title_en: titleEn,
        title_ar: titleAr,
        percentage,
        product_ids: productIds,
        starts_at: today.toISOString().slice(0, 10),
        ends_at: inAWeek.toISOString().slice(0, 10),
      },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
}

/** The token a saved browser state holds for its shop. */
function tokenOf(stateFile: string): string {
  const state = JSON.parse(readFileSync(stateFile, 'utf8'));
  const token = state.origins
    .flatMap((o: { localStorage: { name: string; value: string }[] }) => o.localStorage)
    .find((item: { name: string }) => item.name === 'token')?.value;
  if (!token) throw new Error(`no token in ${stateFile}`);
  return token;
}

interface Fixtures {
  outbox: Outbox;
  /** A page for someone else in the story, in the test's language and shop. */
  openPage: (role: Role) => Promise<Page>;
  staffApi: StaffApi;
}

export const test = base.extend<Options & Fixtures>({
  database: ['sqlite', { option: true }],
  language: ['en', { option: true }],
  role: ['guest', { option: true }],

  storageState: async ({ database, role }, use) => {
    await use(role === 'guest' ? undefined : signedInState(database, role));
  },

  context: async ({ context, language, baseURL }, use) => {
    await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
    await use(context);
  },

  openPage: async ({ browser, baseURL, database, language, locale, viewport }, use) => {
    const opened: { close(): Promise<void> }[] = [];
    await use(async (role) => {
      const context = await browser.newContext({
        baseURL,
        locale,
        viewport,
        storageState: role === 'guest' ? undefined : signedInState(database, role),
      });
      await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
      opened.push(context);
      return context.newPage();
    });
    await Promise.all(opened.map((context) => context.close()));
  },

  outbox: async ({ database }, use) => {
    await use(new Outbox(join(shopOf(database).dataDir, 'outbox.jsonl')));
  },

  staffApi: async ({ playwright, baseURL, database }, use) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: {
        Authorization: `Bearer ${tokenOf(signedInState(database, 'admin'))}`,
        'Accept-Language': 'en',
      },
    });
    await use(new StaffApi(request));
    await request.dispose();
  },
});

/** The password of the clients tests make for themselves. */
export const CLIENT_PASSWORD = 'Harvest2026';

/** A new verified client (registered and verified through the API); answers their phone and
 * token. */
export async function newClient(request: APIRequestContext, outbox: Outbox, prefix: string) {
  const phone = uniquePhone(prefix);
  const sent = outbox.size();
  const registered = await request.post('/api/auth/register', {
    data: { name: 'Samir', phone, password: CLIENT_PASSWORD, password_confirmation: CLIENT_PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const token: string = (await registered.json()).data.token;
  const code = await outbox.codeSentTo(`+2${phone}`, sent);
  const verified = await request.post('/api/auth/verify', {
    data: { code },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { phone, token };
}

/** The client buys `units` of a product through the API; answers the order's id and number. */
export async function clientOrder(request: APIRequestContext, token: string, product: number, units = 1) {
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.post(`/api/cart/${product}`, { data: { quantity: units }, headers })).status()).toBe(200);
  const placed = await request.post('/api/orders/checkout', {
    data: { address: '12 Nile St', city_id: 1, type: 'self' },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id, number } = (await placed.json()).data;
  return { id: id as number, number: number as string };
}

/** A guest (Mona, from `phone`) buys `units` of a product through the API; answers the
 * order's id and number. */
export async function guestOrder(request: APIRequestContext, product: number, phone: string, units = 1) {
  const placed = await request.post('/api/guest-orders/checkout', {
    data: { name: 'Mona Adel', phone, address: 'Farm road', city_id: 1, items: [{ id: product, quantity: units }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id, number } = (await placed.json()).data;
  return { id: id as number, number: number as string };
}

/** Writes Latin digits as Arabic-Indic ones. */
export function arabicDigits(text: string): string {
  return text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
}

/** A few letters and digits no other test's names carry (time and chance). */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** A mobile number no other test uses. */
export function uniquePhone(prefix: string): string {
  return `${prefix}${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`.slice(0, 11);
}

/** Logs in on the login screen (the demo password by default); the caller waits for where
 * the flow leads. */
export async function logIn(page: Page, username: string, password = 'Mahsoul2026'): Promise<void> {
  await page.goto('/auth/login');
  await page.getByTestId('login-form').waitFor();
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
}

/** Logs out from the account menu and waits for the login screen. */
/** Opens a dashboard screen from its menu, as staff do: on a phone through the menu's button
 * and drawer, on a wider screen from the side column. */
export async function openScreen(page: Page, path: string): Promise<void> {
  // Mantine's `sm`, where the side column takes over from the button (48em).
  if ((page.viewportSize()?.width ?? 0) < 768) {
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-drawer').locator(`a[href="${path}"]`).click();
  } else {
    await page.getByTestId('side-menu').locator(`a[href="${path}"]`).click();
  }
}

export async function logOut(page: Page): Promise<void> {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL(/\/auth\/login/);
  await page.getByTestId('login-form').waitFor();
}

/** Fails unless `locator`'s box lies within the screen's width: Playwright scrolls to what it
 * clicks, so a control drawn off the side would still "work" in a test. */
export async function expectWithinWidth(page: Page, locator: Locator): Promise<void> {
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(
    box.x >= 0 && box.x + box.width <= width,
    `spans ${Math.round(box.x)}–${Math.round(box.x + box.width)} of ${width}`,
  ).toBe(true);
}

/** Fails when the page scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), page.url()).toBe(true);
}

/** The controls on screen smaller than a thumb (44 px either way). */
export function smallTargets(page: Page): Promise<string[]> {
  return page.locator('header, main, footer, [data-testid=bottom-nav]').evaluateAll((areas) =>
    areas.flatMap((area) =>
      [...area.querySelectorAll<HTMLElement>('a, button, input, select, textarea, [role=button]')]
        .filter((element) => element.offsetParent !== null && element.getAttribute('type') !== 'hidden')
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
        .map(
          ({ element, box }) =>
            `${element.tagName} "${element.textContent?.trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    ),
  );
}

/** What axe-core finds against WCAG 2.2 AA on the page as it is, one line a rule. */
export async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
