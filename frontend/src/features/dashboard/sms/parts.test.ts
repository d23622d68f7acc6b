import { describe, expect, it } from 'vitest';
import { sentText, smsSize } from './parts';

describe('SMS parts, as the server counts them', () => {
  it('count Latin text in septets, 160 then 153 a part, the extension characters as two', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsSize('a'.repeat(161)).parts).toBe(2);
    expect(smsSize('a'.repeat(307)).parts).toBe(3);
    expect(smsSize('€5 [sale]').units).toBe(12);
    expect(smsSize('').parts).toBe(0);
  });

  it('count Arabic, emoji and any other character in UCS-2, 70 then 67 a part', () => {
    expect(smsSize('س'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, parts: 1 });
    expect(smsSize('س'.repeat(71)).parts).toBe(2);
    expect(smsSize('س'.repeat(135)).parts).toBe(3);
    expect(smsSize(`${'a'.repeat(100)} ف`)).toEqual({ encoding: 'ucs2', units: 102, parts: 2 });
    expect(smsSize('🌱').units).toBe(2);
    expect(smsSize('🌱'.repeat(36)).parts).toBe(2);
  });
});

describe('what a client is sent', () => {
  it('is the message with its opt-out line, in the message’s language', () => {
    const lines = (link: number) => ({ ar: `للإلغاء: ${'x'.repeat(link)}`, en: `Opt out: ${'x'.repeat(link)}` });
    expect(sentText(' Hello ', lines(5))).toBe('Hello\nOpt out: xxxxx');
    expect(sentText('خصم', lines(3))).toBe('خصم\nللإلغاء: xxx');
    // 130 Arabic letters alone fit two parts; with the line and a 40-character link, three.
    expect(smsSize('خ'.repeat(130)).parts).toBe(2);
    expect(smsSize(sentText('خ'.repeat(130), lines(40))).parts).toBe(3);
  });
});
