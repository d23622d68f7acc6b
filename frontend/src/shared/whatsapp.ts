/** A `wa.me` link to `number` (any spacing or `+`; wa.me wants digits only), with a prefilled
 * message when `text` is given. */
export function whatsAppUrl(number: string, text?: string): string {
  const chat = `https://wa.me/${number.replace(/\D/g, '')}`;
  return text ? `${chat}?text=${encodeURIComponent(text)}` : chat;
}
