// Shared helpers of the browser tests: Debian's chromium through playwright-core, the server
// under test and its outbox.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
const OUTBOX = process.env.E2E_OUTBOX ?? '';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh browser context in a language (the `language` cookie the app reads). */
export async function pageIn(browser, language, viewport = { width: 390, height: 844 }) {
  const context = await browser.newContext({ viewport, locale: language === 'ar' ? 'ar-EG' : 'en-US' });
  await context.addCookies([{ name: 'language', value: language, url: BASE }]);
  return context.newPage();
}

function messages() {
  try {
    return readFileSync(OUTBOX, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

/** How many messages the outbox holds now. */
export function outboxSize() {
  return messages().length;
}

/** Waits for a code sent to `to` after the outbox held `after` messages. */
export async function codeSentTo(to, after) {
  for (let i = 0; i < 50; i += 1) {
    const found = messages()
      .slice(after)
      .reverse()
      .find((m) => m.to === to && m.code);
    if (found) return found.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code was sent to ${to}`);
}

/** Writes Latin digits as Arabic-Indic ones. */
export function arabicDigits(text) {
  return text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
}

/** A phone number no other test uses. */
export function uniquePhone(prefix) {
  return `${prefix}${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`.slice(0, 11);
}

/** Logs in on the login screen (the demo password by default); the caller waits for where
 * the flow leads. */
export async function logIn(page, username, password = 'Mahsoul2026') {
  await page.goto(`${BASE}/auth/login`);
  await page.locator('[data-testid=login-form]').waitFor();
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
}
