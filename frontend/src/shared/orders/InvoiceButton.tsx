import { Button } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { downloadFile } from '../api/download';

/** "Download invoice" for an order; `path` is the API's invoice call for whoever asks. */
export function InvoiceButton({ path, number }: { path: string; number: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      size="compact-md"
      loading={busy}
      data-testid="invoice-download"
      onClick={async () => {
        setBusy(true);
        await downloadFile(path, `invoice-${number}.pdf`, {
          done: intl.formatMessage({ id: 'invoice.downloaded' }),
          failed: intl.formatMessage({ id: 'invoice.failed' }),
        });
        setBusy(false);
      }}
    >
      <FormattedMessage id="invoice.download" />
    </Button>
  );
}
