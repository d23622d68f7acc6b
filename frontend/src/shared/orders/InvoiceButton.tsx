import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { downloadFile, type FileCall } from '../api/download';
import controls from '../ui/controls.module.css';

/** "Download invoice" for an order; `invoice` is the API's invoice call for whoever asks. */
export function InvoiceButton({ invoice, number }: { invoice: FileCall; number: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`${controls.button} ${controls.plain}`}
      disabled={busy}
      aria-busy={busy}
      data-testid="invoice-download"
      onClick={async () => {
        setBusy(true);
        await downloadFile(invoice, `invoice-${number}.pdf`, {
          done: intl.formatMessage({ id: 'invoice.downloaded' }),
          failed: intl.formatMessage({ id: 'invoice.failed' }),
        });
        setBusy(false);
      }}
    >
      <FormattedMessage id="invoice.download" />
    </button>
  );
}
