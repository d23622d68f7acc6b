import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { components } from '../../../shared/api/schema';
import cards from '../ListCards.module.css';

type CashData = components['schemas']['CashData'];
type CashLine = components['schemas']['CashLineData'];

// Written out so the message-id test sees every id.
const GROUPINGS: Array<[keyof CashData, string]> = [
  ['by_governorate', 'dashboard.overview.cash.by_governorate'],
  ['by_product', 'dashboard.overview.cash.by_product'],
  ['by_sales_engineer', 'dashboard.overview.cash.by_sales_engineer'],
];

/** How the range's cash-on-delivery orders turned out: for each governorate, product and sales
 * engineer, the orders placed and the shares confirmed, refused at the door and returned. */
export function CashFigures({ cash }: { cash: CashData }) {
  const intl = useIntl();
  const rate = (value: number | null | undefined) =>
    value == null ? '—' : intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 });
  // Written out so the message-id test sees every id.
  const labels = {
    placed: intl.formatMessage({ id: 'dashboard.overview.cash.placed' }),
    confirmed: intl.formatMessage({ id: 'dashboard.overview.cash.confirmed' }),
    refused: intl.formatMessage({ id: 'dashboard.overview.cash.refused' }),
    returned: intl.formatMessage({ id: 'dashboard.overview.cash.returned' }),
  };
  const table = (lines: CashLine[]) => (
    <div className={cards.scroller}>
      <Table striped className={cards.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>{labels.placed}</Table.Th>
            <Table.Th>{labels.confirmed}</Table.Th>
            <Table.Th>{labels.refused}</Table.Th>
            <Table.Th>{labels.returned}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id} data-testid="cash-line">
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.name}</Table.Td>
              <Table.Td data-label={labels.placed}>{intl.formatNumber(line.placed)}</Table.Td>
              <Table.Td data-label={labels.confirmed}>{rate(line.confirmation_rate)}</Table.Td>
              <Table.Td data-label={labels.refused}>{rate(line.refusal_rate)}</Table.Td>
              <Table.Td data-label={labels.returned}>{rate(line.return_rate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
  return (
    <Paper withBorder p="md" data-testid="cash-figures">
      <Stack gap="sm">
        <Title order={3}>
          <FormattedMessage id="dashboard.overview.cash.title" />
        </Title>
        {GROUPINGS.map(([key, label]) => (
          <Stack key={key} gap={4} data-testid={`cash-${key}`}>
            <Text fw={600}>
              <FormattedMessage id={label} />
            </Text>
            {cash[key].length > 0 ? (
              table(cash[key])
            ) : (
              <Text size="sm" c="dimmed">
                <FormattedMessage id="dashboard.overview.cash.none" />
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
