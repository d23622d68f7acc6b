/** A `wa.me` link to `number` (any spacing or `+`; wa.me wants digits only), with a prefilled
 * message when `text` is given. */
export function whatsAppUrl(number: string, text?: string): string {
  const chat = `https://wa.me/${number.replace(/\D/g, '')}`;
  return text ? `${chat}?text=${encodeURIComponent(text)}` : chat;
}

/** An Egyptian mobile as WhatsApp dials it: `01012345678` is `201012345678`. */
export function whatsAppNumber(phone: string): string {
  return phone.startsWith('0') ? `2${phone}` : phone;
}
