import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.includes('.test.') ? [path] : [];
  });
}

describe('message catalogues', () => {
  it('have the same keys in Arabic and English, none empty', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const catalogue of [ar, en]) {
      for (const [key, text] of Object.entries(catalogue)) expect(text, key).not.toBe('');
    }
  });

  it('hold every message id the code uses', () => {
    const root = join(__dirname, '..', '..');
    const used = new Set<string>();
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:FormattedMessage id=|formatMessage\(\{ ?id: ?)['"]([\w.]+)['"]/g))
        used.add(match[1] ?? '');
      for (const match of text.matchAll(/messageId: ?'([\w.]+)'/g)) used.add(match[1] ?? '');
      // Ids written anywhere else (lookup tables, ternaries): every dotted lowercase literal.
      for (const match of text.matchAll(/['"]([a-z][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+)['"]/g)) used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((id) => !(id in en));
    expect(missing).toEqual([]);
  });
});
