/** How many SMS parts a text takes, as gateways bill them (GSM 03.38 / 3GPP 23.040), the same
 * count as the server's (outreach::sms): the GSM alphabet in septets, 160 to one part and 153
 * to each part of a long one; any other character (Arabic, an emoji) puts the whole text in
 * UCS-2, 70 code units to one part and 67 to each part of a long one. */

const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

/** A text's size as an SMS. */
export interface SmsSize {
  encoding: 'gsm7' | 'ucs2';
  /** Septets, or UTF-16 code units. */
  units: number;
  parts: number;
}

export function smsSize(text: string): SmsSize {
  let septets = 0;
  let gsm = true;
  for (const character of text) {
    if (GSM_BASIC.has(character)) septets += 1;
    else if (GSM_EXTENSION.has(character)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const [encoding, units, single, each] = gsm
    ? (['gsm7', septets, 160, 153] as const)
    : (['ucs2', text.length, 70, 67] as const);
  const parts = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / each);
  return { encoding, units, parts };
}

/** The opt-out line in each language, as the server writes it (the preview's
 * `opt_out_lines`, around its longest link). */
export interface OptOutLines {
  ar: string;
  en: string;
}

/** The text one client is sent, as the server writes it (outreach::broadcast::text_for): the
 * message, a line break and the opt-out line of the message's language — what the gateway
 * bills, not the message alone. */
export function sentText(message: string, lines: OptOutLines): string {
  const arabic = /[\u0600-\u06FF]/.test(message);
  return `${message.trim()}\n${arabic ? lines.ar : lines.en}`;
}
