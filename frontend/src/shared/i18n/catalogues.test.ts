import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import accountAr from './account/ar.json';
import accountEn from './account/en.json';
import dashboardAr from './dashboard/ar.json';
import dashboardEn from './dashboard/en.json';
import agronomyAr from './agronomy/ar.json';
import agronomyEn from './agronomy/en.json';
import confirmAr from './confirm/ar.json';
import confirmEn from './confirm/en.json';

const root = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });
}

/** Every message id a source file names. */
function idsIn(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  const used = new Set<string>();
  for (const match of text.matchAll(/(?:FormattedMessage id=|formatMessage\(\{ ?id: ?)['"]([\w.]+)['"]/g))
    used.add(match[1] ?? '');
  for (const match of text.matchAll(/messageId: ?'([\w.]+)'/g)) used.add(match[1] ?? '');
  // Ids written anywhere else (lookup tables, ternaries): every dotted lowercase literal.
  for (const match of text.matchAll(/['"]([a-z][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+)['"]/g)) used.add(match[1] ?? '');
  return used;
}

/** The source file an import names, if it is one of ours in TypeScript. */
function resolved(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const path of [base, `${base}.tsx`, `${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(path).isFile() && /\.tsx?$/.test(path)) return path;
    } catch {
      // Not this one.
    }
  }
  return null;
}

/** Every file the storefront draws without the account's texts: what `main.tsx` imports, at
 * once or later, except the screens `screen()` loads (those come with the texts). */
function withoutAccountTexts(): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const withTexts = new Set(
      [...text.matchAll(/\bscreen\(\s*\(\) => import\('([^']+)'\)/g)].map((match) => match[1] ?? ''),
    );
    const named = [
      ...text.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm),
      ...text.matchAll(/^import\s+'([^']+)'/gm),
      ...text.matchAll(/\bimport\('([^']+)'\)/g),
    ].map((match) => match[1] ?? '');
    for (const specifier of named) {
      const path = withTexts.has(specifier) ? null : resolved(file, specifier);
      if (path) visit(path);
    }
  };
  visit(join(root, 'main.tsx'));
  return seen;
}

/** Where the dashboard's texts are given (its layout) and used (its screens). */
const underDashboard = (file: string) =>
  /^(features\/dashboard\/|app\/layouts\/DashboardLayout\.tsx$)/.test(relative(root, file));

describe('message catalogues', () => {
  it('have the same keys in Arabic and English, none empty', () => {
    const pairs: [Record<string, string>, Record<string, string>][] = [
      [ar, en],
      [accountAr, accountEn],
      [dashboardAr, dashboardEn],
      [agronomyAr, agronomyEn],
      [confirmAr, confirmEn],
    ];
    for (const [arabic, english] of pairs) {
      expect(Object.keys(arabic).sort()).toEqual(Object.keys(english).sort());
      for (const catalogue of [arabic, english]) {
        for (const [key, text] of Object.entries(catalogue)) expect(text, key).not.toBe('');
      }
    }
  });

  it('keep the dashboard texts apart: every key there starts with "dashboard.", none in the shop', () => {
    expect(Object.keys(dashboardEn).every((key) => key.startsWith('dashboard.'))).toBe(true);
    expect(Object.keys(en).filter((key) => key.startsWith('dashboard.'))).toEqual([]);
  });

  it('keep the texts of the screens drawn with Mantine apart, by their first word', () => {
    const accountText = /^(account|auth|points|orders|roles|notifications)\./;
    expect(Object.keys(accountEn).every((key) => accountText.test(key))).toBe(true);
    expect(Object.keys(en).filter((key) => accountText.test(key))).toEqual([]);
  });

  it('keep the farm texts apart, by their first word', () => {
    const farmText = /^(agronomy|dose)\./;
    expect(Object.keys(agronomyEn).every((key) => farmText.test(key))).toBe(true);
    expect(Object.keys(en).filter((key) => farmText.test(key))).toEqual([]);
  });

  it("keep the confirmation page's texts apart, by their first word", () => {
    expect(Object.keys(confirmEn).every((key) => key.startsWith('confirm.'))).toBe(true);
    expect(Object.keys(en).filter((key) => key.startsWith('confirm.'))).toEqual([]);
  });

  it('name no account text in what the storefront draws without them', () => {
    const storefront = withoutAccountTexts();
    const path = (file: string) => join(root, file);
    // The walk reaches the storefront's lazily loaded parts, and stops at `screen()`'s.
    expect(storefront).toContain(path('features/checkout/ClientCheckout.tsx'));
    expect(storefront).toContain(path('app/layouts/AccountMenu.tsx'));
    expect(storefront).not.toContain(path('features/auth/Login.tsx'));
    expect(storefront).not.toContain(path('features/loyalty/PointsExchange.tsx'));
    // A part that wraps itself in the account's texts (the tracked order's outcome, loaded
    // only when there is one) brings them along.
    const bringsTexts = (file: string) => /import \{ AccountTexts \} from/.test(readFileSync(file, 'utf8'));
    const misplaced = [...storefront]
      .filter((file) => !bringsTexts(file))
      .flatMap((file) =>
        [...idsIn(file)].filter((id) => id in accountEn).map((id) => `${relative(root, file)}: ${id}`),
      );
    expect(misplaced).toEqual([]);
  });

  it('hold every message id the code uses; the dashboard texts only where the dashboard gives them', () => {
    const shop = new Set<string>();
    const dashboard = new Set<string>();
    for (const file of sources(root)) {
      for (const id of idsIn(file)) (underDashboard(file) ? dashboard : shop).add(id);
    }
    expect(shop.size).toBeGreaterThan(50);
    expect(dashboard.size).toBeGreaterThan(50);
    expect(
      [...shop].filter((id) => !(id in en) && !(id in accountEn) && !(id in agronomyEn) && !(id in confirmEn)),
    ).toEqual([]);
    expect([...dashboard].filter((id) => !(id in en) && !(id in accountEn) && !(id in dashboardEn))).toEqual([]);
  });
});
