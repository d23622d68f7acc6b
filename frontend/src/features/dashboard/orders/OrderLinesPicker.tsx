import { useState } from 'react';
import { ActionIcon, Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { answer, api } from '../../../shared/api/client';
import { toLatinDigits } from '../../../shared/digits';
import { usePrice } from '../../../shared/format';

/** A line of an order staff are writing: the product, its unit price and the units typed. */
export interface PickedLine {
  id: number;
  name: string;
  price: number;
  quantity: string;
}

/** The lines as the API takes them. */
export const linesBody = (lines: PickedLine[]) =>
  lines.map((line) => ({ id: line.id, quantity: Number(toLatinDigits(line.quantity)) }));

/** Staff pick an order's products by name and type each one's units (an order for a client, the
 * lines of an order changed after the confirmation call), with the subtotal at the lines'
 * prices. */
export function OrderLinesPicker({
  lines,
  onChange,
  error,
}: {
  lines: PickedLine[];
  onChange: (lines: PickedLine[]) => void;
  error?: string;
}) {
  const intl = useIntl();
  const price = usePrice();
  const [productSearch, setProductSearch] = useState('');
  const [typedProduct] = useDebouncedValue(productSearch, 300);
  const products =
    useQuery({
      queryKey: ['catalog', 'picker', typedProduct],
      queryFn: () => answer(api.GET('/api/products', { params: { query: { search: typedProduct, per_page: '10' } } })),
      enabled: typedProduct.trim().length > 1,
    }).data?.data ?? [];
  const subtotal = lines.reduce((sum, line) => sum + line.price * (Number(toLatinDigits(line.quantity)) || 0), 0);

  return (
    <Stack gap="xs">
      <TextInput
        label={intl.formatMessage({ id: 'dashboard.sales_order.product' })}
        placeholder={intl.formatMessage({ id: 'dashboard.sales_order.product_search' })}
        value={productSearch}
        onChange={(event) => setProductSearch(event.currentTarget.value)}
        data-testid="sales-order-product-search"
      />
      {products.map((product) => (
        <Button
          key={product.id}
          variant="subtle"
          justify="start"
          disabled={!product.in_stock || lines.some((line) => line.id === product.id)}
          onClick={() => {
            onChange([...lines, { id: product.id, name: product.name, price: product.sale_price, quantity: '1' }]);
            setProductSearch('');
          }}
          data-testid="sales-order-product"
        >
          {product.name} — {price(product.sale_price)}
        </Button>
      ))}
      {lines.length > 0 && (
        <Table>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.id} data-testid="sales-order-line">
                <Table.Td>{line.name}</Table.Td>
                <Table.Td w={110}>
                  <TextInput
                    aria-label={intl.formatMessage({ id: 'dashboard.sales_order.quantity' })}
                    inputMode="numeric"
                    dir="ltr"
                    value={line.quantity}
                    onChange={(event) => {
                      const quantity = event.currentTarget.value;
                      onChange(lines.map((other) => (other.id === line.id ? { ...other, quantity } : other)));
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="xl"
                    aria-label={intl.formatMessage({ id: 'dashboard.sales_order.remove' })}
                    onClick={() => onChange(lines.filter((other) => other.id !== line.id))}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {error && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
      <Text fw={600}>
        <FormattedMessage id="dashboard.sales_order.subtotal" values={{ amount: price(subtotal) }} />
      </Text>
    </Stack>
  );
}
