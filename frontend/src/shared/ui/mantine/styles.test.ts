import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '../../..');
const MANTINE_STYLES = join(SRC, '../node_modules/@mantine/core/styles');

/** The stylesheets a component draws with besides its own (Mantine's docs list them per
 * component: a Drawer is a Modal's base over an Overlay, a Select an Input over a Combobox). */
const ALSO_NEEDS: Record<string, string[]> = {
  Drawer: ['ModalBase', 'Overlay'],
  Modal: ['ModalBase', 'Overlay'],
  Menu: ['Popover'],
  Combobox: ['Popover'],
  Select: ['Input', 'Combobox', 'Popover'],
  MultiSelect: ['Input', 'Combobox', 'Popover', 'Pill', 'PillsInput'],
  TagsInput: ['Input', 'Combobox', 'Popover', 'Pill', 'PillsInput'],
  NativeSelect: ['Input'],
  NumberInput: ['Input'],
  FileInput: ['Input'],
  Textarea: ['Input'],
  TextInput: ['Input'],
  PasswordInput: ['Input'],
  Checkbox: ['InlineInput'],
  Switch: ['InlineInput'],
  Radio: ['InlineInput'],
  SegmentedControl: ['FloatingIndicator'],
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every component the app imports from `@mantine/core`. */
function componentsInUse(): Set<string> {
  const used = new Set<string>();
  for (const file of sources(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g,
    )) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && /^[A-Z]/.test(name)) used.add(name);
      }
    }
  }
  return used;
}

describe('Mantine stylesheets', () => {
  it('loads the stylesheet of every Mantine component the app draws, and of the parts it draws with', () => {
    const imported = readFileSync(join(__dirname, 'styles.ts'), 'utf8');
    const available = new Set(readdirSync(MANTINE_STYLES).map((name) => name.replace(/\.css$/, '')));
    const missing: string[] = [];
    const used = componentsInUse();
    expect(used.has('Drawer')).toBe(true);
    for (const component of used) {
      for (const sheet of [component, ...(ALSO_NEEDS[component] ?? [])]) {
        if (available.has(sheet) && !imported.includes(`'@mantine/core/styles/${sheet}.css'`)) {
          missing.push(`${component} needs ${sheet}.css`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
