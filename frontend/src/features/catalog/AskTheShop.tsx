import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Product } from '../../shared/api/catalogue';
import { settingsQueries } from '../../shared/api/settings';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { whatsAppUrl } from '../../shared/whatsapp';
import controls from '../../shared/ui/controls.module.css';

/** WhatsApp and call buttons beside a product: the shop answers around the clock, and many
 * farmers would rather ask than read. The WhatsApp message names the product and its link. */
export function AskTheShop({ product }: { product: Product }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const settings = useQuery(settingsQueries.public(language)).data?.data;
  if (!settings) return null;
  const text = intl.formatMessage(
    { id: 'product.ask_text' },
    { name: product.name, link: `${window.location.origin}/products/${product.slug}` },
  );
  return (
    <div className={controls.row} data-testid="ask-the-shop">
      <a
        href={whatsAppUrl(settings.whatsapp_number, text)}
        target="_blank"
        rel="noreferrer"
        className={`${controls.button} ${controls.outline}`}
        data-testid="ask-whatsapp"
      >
        <FormattedMessage id="product.ask_whatsapp" />
      </a>
      <a
        href={`tel:${settings.contact_phone}`}
        className={`${controls.button} ${controls.subtle}`}
        data-testid="ask-call"
      >
        <FormattedMessage id="product.ask_call" />
      </a>
    </div>
  );
}
