import { describe, expect, it } from 'vitest';
import { whatsAppUrl } from './whatsapp';

describe('whatsAppUrl', () => {
  it('keeps only the digits of the number and encodes the message', () => {
    expect(whatsAppUrl('+20 100 000 0000')).toBe('https://wa.me/201000000000');
    expect(whatsAppUrl('201000000000', 'زيت النيم: a&b')).toBe(
      `https://wa.me/201000000000?text=${encodeURIComponent('زيت النيم: a&b')}`,
    );
  });
});
