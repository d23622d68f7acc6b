import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import dashboardAr from './dashboard/ar.json';
import dashboardEn from './dashboard/en.json';

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

/** Where the dashboard's texts are given (its layout) and used (its screens). */
const underDashboard = (file: string) =>
  /^(features\/dashboard\/|app\/layouts\/DashboardLayout\.tsx$)/.test(relative(root, file));

describe('message catalogues', () => {
  it('have the same keys in Arabic and English, none empty', () => {
    const pairs: [Record<string, string>, Record<string, string>][] = [
      [ar, en],
      [dashboardAr, dashboardEn],
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

  it('hold every message id the code uses; the dashboard texts only where the dashboard gives them', () => {
    const shop = new Set<string>();
    const dashboard = new Set<string>();
    for (const file of sources(root)) {
      for (const id of idsIn(file)) (underDashboard(file) ? dashboard : shop).add(id);
    }
    expect(shop.size).toBeGreaterThan(50);
    expect(dashboard.size).toBeGreaterThan(50);
    expect([...shop].filter((id) => !(id in en))).toEqual([]);
    expect([...dashboard].filter((id) => !(id in en) && !(id in dashboardEn))).toEqual([]);
  });
});
