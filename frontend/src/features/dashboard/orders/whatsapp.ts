import { useIntl } from 'react-intl';
import { usePrice } from '../../../shared/format';
import { whatsAppUrl } from '../../../shared/whatsapp';

/** An Egyptian mobile as WhatsApp dials it: `01012345678` is `201012345678`. */
export function whatsAppNumber(phone: string): string {
  return phone.startsWith('0') ? `2${phone}` : phone;
}

/** What an order's buyer is written on WhatsApp to confirm it: a `wa.me` link whose message
 * names them, the order and its total, in the staff member's language. */
export function useBuyerWhatsApp(): (order: {
  number: string;
  total: number;
  customer: { name: string; phone: string };
}) => string {
  const intl = useIntl();
  const price = usePrice();
  return (order) =>
    whatsAppUrl(
      whatsAppNumber(order.customer.phone),
      intl.formatMessage(
        { id: 'dashboard.orders.whatsapp_message' },
        { name: order.customer.name, number: order.number, total: price(order.total) },
      ),
    );
}
