import { expect, it } from 'vitest';
import { toLatinDigits } from './digits';

it('reads Arabic-Indic and Persian digits as Latin ones', () => {
  expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
  expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  expect(toLatinDigits('+٢٠ 10')).toBe('+20 10');
});
