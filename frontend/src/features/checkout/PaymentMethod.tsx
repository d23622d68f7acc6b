import { Radio, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

/** Cash on delivery, the one method that can be chosen; cards are only promised. */
export function PaymentMethod() {
  const intl = useIntl();
  return (
    <Stack gap={4}>
      <Radio
        checked
        readOnly
        name="payment_method"
        value="cash_on_delivery"
        label={intl.formatMessage({ id: 'checkout.cash_on_delivery' })}
      />
      <Text size="xs" c="dimmed">
        <FormattedMessage id="checkout.cards_soon" />
      </Text>
    </Stack>
  );
}
