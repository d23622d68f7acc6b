import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { readableGrays, theme } from './theme';

/** The `--name: value` declarations of a stylesheet's text, whitespace and quote marks aside. */
const declarations = (css: string) =>
  new Map(
    [...css.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [
      name,
      String(value).trim().replace(/\s+/g, ' ').replaceAll("'", '"'),
    ]),
  );

describe('theme.css', () => {
  it('holds every variable Mantine writes for the shop theme in the light scheme, with its value', () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={readableGrays}>
        <span />
      </MantineProvider>,
    );
    const written = [...document.querySelectorAll('style')]
      .map((style) => style.textContent ?? '')
      .join('\n')
      .split('}')
      .filter((block) => !block.includes('"dark"') && block.includes('--mantine-'))
      .join('}');
    const mantine = declarations(written);
    const ours = declarations(readFileSync('src/shared/ui/mantine/theme.css', 'utf8'));
    expect(mantine.size).toBeGreaterThan(20);
    for (const [name, value] of mantine) expect([name, ours.get(name)]).toEqual([name, value]);
  });
});
