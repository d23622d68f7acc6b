/** An Egyptian mobile as WhatsApp dials it: `01012345678` is `201012345678`. */
export function whatsAppNumber(phone: string): string {
  return phone.startsWith('0') ? `2${phone}` : phone;
}
