import { useState } from 'react';
import {
  Badge,
  Button,
  FileInput,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, useIntl } from 'react-intl';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { hasPermission, useSession } from '../../../shared/session/session';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { submitShowingErrors } from '../../../shared/ui/mantine/submitShowingErrors';
import { categoriesQuery } from '../../../shared/api/catalogue';
import { DeleteButton } from '../DeleteButton';
import { staffProductQueries } from '../products/api';
import {
  staffOfferQueries,
  useCreateOffer,
  useDeleteOffer,
  useSwitchOffer,
  type OfferFilter,
  type OfferFormValues,
} from './api';
import { ListPages, SearchBox, SaveButton, useListState } from '../FormParts';
import { DateField } from '../DateField';
import { DAY } from '../../../shared/format';

const STATUS_COLOURS = { active: 'green', inactive: 'gray', expired: 'red' } as const;
// Written out so the message-id test sees every id.
const STATUS_LABELS = {
  active: 'dashboard.offers.status.active',
  inactive: 'dashboard.offers.status.inactive',
  expired: 'dashboard.offers.status.expired',
} as const;

/** Staff's offers: status, switch on and off, remove, and a form to add one on a category or on chosen products. */
export function DashboardOffers() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { user } = useSession();
  const { typed, search: titleSearch, page, setPage, type, filter, setFilter } = useListState({ status: '' });
  const status = filter('status') as OfferFilter['status'];
  const list = useQuery(staffOfferQueries.list({ search: titleSearch, status, page })).data;
  const offers = list?.data ?? [];
  const categories = useQuery(categoriesQuery(language)).data?.data ?? [];
  const [banner, setBanner] = useState<File | null>(null);
  const [target, setTarget] = useState<'category' | 'products'>('category');
  const [productSearch, setProductSearch] = useState('');
  const [search] = useDebouncedValue(productSearch, 300);
  const found =
    useQuery({ ...staffProductQueries.list(language, search, 1), enabled: target === 'products' }).data?.data ?? [];
  // Names of the products picked so far, so they stay labelled when a new search hides them.
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const form = useForm<OfferFormValues>({
    initialValues: {
      title_ar: '',
      title_en: '',
      percentage: '10',
      category_id: null,
      product_ids: [],
      starts_at: '',
      ends_at: '',
    },
  });
  const productOptions = [
    ...new Map([...picked, ...found.map((product) => [String(product.id), product.name] as const)]),
  ].map(([value, label]) => ({ value, label }));
  const create = useCreateOffer();
  const toggle = useSwitchOffer();
  const remove = useDeleteOffer();
  const done = (answer: { message: string }) => toast('success', answer.message);

  const submit = submitShowingErrors(form, async (values) => {
    const chosen = target === 'category' ? { ...values, product_ids: [] } : { ...values, category_id: null };
    const answer = await withLoading(create.mutateAsync({ values: chosen, banner }));
    form.reset();
    setBanner(null);
    setPicked(new Map());
    done(answer);
  });

  return (
    <Stack gap="md">
      <Title order={2}>{intl.formatMessage({ id: 'dashboard.offers.title' })}</Title>
      <Group align="end" wrap="wrap">
        <SearchBox value={typed} onChange={type} label={intl.formatMessage({ id: 'dashboard.offers.search' })} />
        <Select
          clearable
          placeholder={intl.formatMessage({ id: 'dashboard.offers.status' })}
          aria-label={intl.formatMessage({ id: 'dashboard.offers.status' })}
          data={(['active', 'inactive', 'expired'] as const).map((value) => ({
            value,
            label: intl.formatMessage({ id: STATUS_LABELS[value] }),
          }))}
          value={status || null}
          onChange={(value) => setFilter('status', value)}
        />
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Tbody>
            {offers.map((offer) => (
              <Table.Tr key={offer.id} data-testid="staff-offer-row">
                <Table.Td>{language === 'ar' ? offer.title_ar : offer.title_en}</Table.Td>
                <Table.Td>{offer.percentage}%</Table.Td>
                <Table.Td>
                  <FormattedDate value={offer.ends_at} {...DAY} />
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOURS[offer.status]}>
                    {intl.formatMessage({ id: STATUS_LABELS[offer.status] })}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {hasPermission(user, 'offer-edit') && offer.status !== 'expired' && (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() =>
                          toggle.mutate({ id: offer.id, active: offer.status !== 'active' }, { onSuccess: done })
                        }
                        data-testid="offer-switch"
                      >
                        {intl.formatMessage({
                          id: offer.status === 'active' ? 'dashboard.offers.deactivate' : 'dashboard.offers.activate',
                        })}
                      </Button>
                    )}
                    {hasPermission(user, 'offer-delete') && (
                      <DeleteButton
                        name={language === 'ar' ? offer.title_ar : offer.title_en}
                        onConfirm={() => remove.mutate(offer.id, { onSuccess: done })}
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
      {hasPermission(user, 'offer-create') && (
        <Paper withBorder p="md">
          <form onSubmit={submit} noValidate data-testid="offer-form">
            <Stack gap="sm">
              <Title order={3}>{intl.formatMessage({ id: 'dashboard.offers.add' })}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.offers.title_ar' })}
                  name="title_ar"
                  dir="rtl"
                  {...form.getInputProps('title_ar')}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.offers.title_en' })}
                  name="title_en"
                  dir="ltr"
                  {...form.getInputProps('title_en')}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.offers.percentage' })}
                  name="percentage"
                  inputMode="numeric"
                  dir="ltr"
                  {...form.getInputProps('percentage')}
                />
                <SegmentedControl
                  value={target}
                  onChange={(value) => setTarget(value as 'category' | 'products')}
                  data={[
                    { value: 'category', label: intl.formatMessage({ id: 'dashboard.offers.on_category' }) },
                    { value: 'products', label: intl.formatMessage({ id: 'dashboard.offers.on_products' }) },
                  ]}
                  data-testid="offer-target"
                />
                {target === 'category' ? (
                  <Select
                    label={intl.formatMessage({ id: 'dashboard.product_form.category' })}
                    data={categories.map((category) => ({ value: String(category.id), label: category.name }))}
                    {...form.getInputProps('category_id')}
                    error={form.errors.category_id ?? form.errors.product_ids}
                  />
                ) : (
                  <MultiSelect
                    label={intl.formatMessage({ id: 'dashboard.offers.products' })}
                    placeholder={intl.formatMessage({ id: 'search.placeholder' })}
                    searchable
                    searchValue={productSearch}
                    onSearchChange={setProductSearch}
                    filter={({ options }) => options}
                    data={productOptions}
                    value={form.values.product_ids}
                    onChange={(ids) => {
                      form.setFieldValue('product_ids', ids);
                      setPicked(
                        new Map(
                          ids.map((id) => [id, productOptions.find((option) => option.value === id)?.label ?? id]),
                        ),
                      );
                    }}
                    error={form.errors.product_ids}
                    data-testid="offer-products"
                  />
                )}
                <DateField
                  label={intl.formatMessage({ id: 'dashboard.offers.starts_at' })}
                  name="starts_at"
                  {...form.getInputProps('starts_at')}
                />
                <DateField
                  label={intl.formatMessage({ id: 'dashboard.offers.ends_at' })}
                  name="ends_at"
                  {...form.getInputProps('ends_at')}
                />
                <FileInput
                  label={intl.formatMessage({ id: 'dashboard.offers.banner' })}
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  value={banner}
                  onChange={setBanner}
                  error={form.errors.banner_image}
                />
              </SimpleGrid>
              <Group>
                <SaveButton pending={create.isPending} errors={form.errors} />
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
