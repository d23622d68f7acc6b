import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { usePrice } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { categoriesQuery } from '../../../shared/api/catalogue';
import { staffProductQueries, useDeleteProduct } from './api';
import { ListPages, SearchBox, useListState } from '../FormParts';
import cards from '../ListCards.module.css';

/** Staff's product list: search, a category filter, pages, and links to add, edit and delete. */
export function DashboardProducts() {
  const intl = useIntl();
  const price = usePrice();
  const { language } = useLanguage();
  const { user } = useSession();
  const { typed, search, page, setPage, type, filter, setFilter } = useListState({ category: '' });
  const category = filter('category') || null;
  const products = useQuery(staffProductQueries.list(language, search, page, category)).data;
  const categories = useQuery(categoriesQuery(language)).data?.data ?? [];
  const remove = useDeleteProduct();

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>
          <FormattedMessage id="dashboard.products.title" />
        </Title>
        {hasPermission(user, 'product-create') && (
          <Button component={Link} to="/dashboard/products-actions" data-testid="add-product">
            <FormattedMessage id="dashboard.products.add" />
          </Button>
        )}
      </Group>
      <Group align="end" wrap="wrap">
        <SearchBox value={typed} onChange={type} label={intl.formatMessage({ id: 'search.placeholder' })} />
        <Select
          clearable
          placeholder={intl.formatMessage({ id: 'dashboard.product_form.category' })}
          aria-label={intl.formatMessage({ id: 'dashboard.product_form.category' })}
          data={categories.map((item) => ({ value: String(item.id), label: item.name }))}
          value={category}
          onChange={(value) => setFilter('category', value)}
          data-testid="staff-products-category"
        />
      </Group>
      {products?.every_word === false && (
        <Text size="sm" data-testid="some-words" role="status">
          <FormattedMessage id="products.some_words" />
        </Text>
      )}
      <div className={cards.scroller}>
        <Table striped className={cards.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="dashboard.products.name" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="dashboard.products.price" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="dashboard.products.stock" />
              </Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products?.data.map((product) => (
              <Table.Tr key={product.id} data-testid="staff-product-row">
                <Table.Td>
                  {product.name}
                  {!product.on_sale && (
                    <Badge color="red" ms="xs" data-testid="off-sale">
                      <FormattedMessage id="dashboard.products.off_sale" />
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td data-label={intl.formatMessage({ id: 'dashboard.products.price' })}>
                  <bdi>{price(product.price)}</bdi>
                </Table.Td>
                <Table.Td data-label={intl.formatMessage({ id: 'dashboard.products.stock' })}>
                  {product.quantity}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {hasPermission(user, 'product-edit') && (
                      <Anchor component={Link} to={`/dashboard/products-actions?id=${product.id}`} size="sm">
                        <FormattedMessage id="dashboard.products.edit" />
                      </Anchor>
                    )}
                    {hasPermission(user, 'product-edit') && (
                      <Anchor
                        component={Link}
                        to={`/dashboard/products-actions?id=${product.id}#lots`}
                        size="sm"
                        data-testid="product-receive-lot"
                      >
                        <FormattedMessage id="dashboard.lots.receive" />
                      </Anchor>
                    )}
                    {hasPermission(user, 'product-delete') && (
                      <DeleteButton
                        name={product.name}
                        onConfirm={() =>
                          remove.mutate(product.id, { onSuccess: (answer) => toast('success', answer.message) })
                        }
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <ListPages lastPage={products?.meta.last_page} page={page} onChange={setPage} />
    </Stack>
  );
}
