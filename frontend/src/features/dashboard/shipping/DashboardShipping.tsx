import { Badge, Button, Group, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { usePrice } from '../../../shared/format';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { ListHeader, ListPages, SearchBox, useListState } from '../FormParts';
import { staffCityQueries, useDeleteCity } from './api';

/** Staff's shipping cities (`/dashboard/shipping`): search, each city's names, base cost and
 * whether buyers can choose it; edit, remove (or switch off while in use), add. */
export function DashboardShipping() {
  const intl = useIntl();
  const price = usePrice();
  const { language } = useLanguage();
  const { user } = useSession();
  const { typed, type, search, page, setPage } = useListState();
  const list = useQuery(staffCityQueries.list(search, page)).data;
  const remove = useDeleteCity();

  return (
    <Stack gap="md">
      <ListHeader
        title="dashboard.shipping.title"
        addLabel="dashboard.shipping.add"
        addTo="/dashboard/shipping-actions"
        permission="shipping-create"
      />
      <SearchBox value={typed} onChange={type} label={intl.formatMessage({ id: 'dashboard.shipping.search' })} />
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Tbody>
            {list?.data.map((city) => (
              <Table.Tr key={city.id} data-testid="staff-city-row">
                <Table.Td>{city.name_ar}</Table.Td>
                <Table.Td>{city.name_en}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{price(city.shipping_cost)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="staff-city-cod">
                  <FormattedMessage
                    id={
                      city.cod.accepted ? `dashboard.shipping.cod.${city.cod.fee_kind}` : 'dashboard.shipping.cod.off'
                    }
                    values={{ fee: city.cod.fee_kind === 'flat' ? price(city.cod.fee) : city.cod.fee }}
                  />
                </Table.Td>
                <Table.Td>
                  <Badge color={city.active ? 'green' : 'gray'}>
                    <FormattedMessage id={city.active ? 'dashboard.shipping.active' : 'dashboard.shipping.inactive'} />
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {hasPermission(user, 'shipping-edit') && (
                      <Button
                        component={Link}
                        to={`/dashboard/shipping-actions?id=${city.id}`}
                        variant="subtle"
                        size="compact-sm"
                      >
                        <FormattedMessage id="dashboard.products.edit" />
                      </Button>
                    )}
                    {hasPermission(user, 'shipping-delete') && (
                      <DeleteButton
                        name={language === 'ar' ? city.name_ar : city.name_en}
                        onConfirm={() =>
                          remove.mutate(city.id, { onSuccess: (answer) => toast('success', answer.message) })
                        }
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPages lastPage={list?.meta.last_page} page={page} onChange={setPage} />
    </Stack>
  );
}
