// Browser tests against the real `mahsoul` binary (MAHSOUL_BINARY) with the built frontend,
// in Debian's chromium. Projects run every journey per database × language; a setup project
// per database signs in each role once and keeps the browser state for the others.
import { defineConfig, devices, type Project } from '@playwright/test';
import { SHOPS } from './e2e/servers';
import type { Options } from './e2e/fixtures';

const binary = process.env.MAHSOUL_BINARY;
if (!binary) throw new Error('Set MAHSOUL_BINARY to the mahsoul binary the browser tests drive.');

const chromium = {
  ...devices['Desktop Chrome'],
  // A phone-sized screen: most buyers shop from one.
  viewport: { width: 390, height: 844 },
  // Every answer a journey checks is the server's; e2e/offline.spec.ts allows the worker.
  serviceWorkers: 'block' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-sync'],
  },
};

/** The specs that check layout and wording only, which the PostgreSQL leg leaves out. */
const LAYOUT_ONLY = /(dashboard-screens|storefront-phone|staff-settings|errors|offline|no-script)\.spec\.ts$/;

const projects: Project<Options>[] = SHOPS.flatMap((shop) => [
  {
    name: `${shop.database}-setup`,
    testMatch: /.*\.setup\.ts/,
    use: { ...chromium, baseURL: shop.baseURL, database: shop.database, language: 'en' },
  },
  // Every journey in both languages on SQLite; on PostgreSQL once, in Arabic, the shop's first
  // language, and only the journeys that write or search through the database: what differs
  // there is the database under the journey, not its words or its layout (the screens' layout,
  // thumb and WCAG checks, the menus, the error and offline pages stay on SQLite). The second
  // pass of everything kept CI over its 30 minutes.
  ...(shop.database === 'sqlite' ? (['ar', 'en'] as const) : (['ar'] as const)).map((language) => ({
    testIgnore: shop.database === 'postgres' ? LAYOUT_ONLY : undefined,
    name: `${shop.database}-${language}`,
    dependencies: [`${shop.database}-setup`],
    // A journey tagged with one language runs only in that language's project; one tagged
    // @postgres-only (it cuts a PostgreSQL connection) only on the PostgreSQL leg.
    grepInvert: new RegExp(
      [language === 'ar' ? '@en-only' : '@ar-only', ...(shop.database === 'sqlite' ? ['@postgres-only'] : [])].join(
        '|',
      ),
    ),
    use: {
      ...chromium,
      baseURL: shop.baseURL,
      database: shop.database,
      language,
      locale: language === 'ar' ? 'ar-EG' : 'en-US',
    },
  })),
]);

export default defineConfig<Options>({
  testDir: 'e2e',
  testMatch: /.*\.spec\.ts/,
  outputDir: 'test-results',
  // Files run side by side; the tests of one file run in order. Three on a two-core machine:
  // a journey waits on its server and the browser's drawing as much as it computes.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects,
  webServer: SHOPS.map((shop) => ({
    name: shop.database,
    command: [
      'node',
      'e2e/serve.mjs',
      binary,
      shop.port,
      shop.dataDir,
      shop.database === 'postgres' ? process.env.E2E_DATABASE_URL : '',
    ]
      .map((part) => `'${part}'`)
      .join(' '),
    url: `${shop.baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  })),
});
