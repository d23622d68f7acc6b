import { describe, expect, it } from 'vitest';
import { whatsAppNumber } from './whatsapp';

describe('whatsAppNumber', () => {
  it('dials an Egyptian mobile with the country code and leaves an international one', () => {
    expect(whatsAppNumber('01012345678')).toBe('201012345678');
    expect(whatsAppNumber('201012345678')).toBe('201012345678');
  });
});
