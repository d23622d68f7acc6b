import { useEffect, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { lookupQueries } from '../lookup/api';
import { toLatinDigits } from '../../../shared/digits';
import { showServerErrors } from '../../../shared/forms';
import { hasPermission, useSession } from '../../../shared/session/session';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { SaveOrCancel } from '../FormParts';
import { farmQueries, useRemoveLot, useSaveLot, type Lot } from './api';
import cards from '../ListCards.module.css';

const STATE_COLOUR: Record<string, string> = { in_date: 'green', expiring_soon: 'orange', expired: 'red' };

/** A lot's state as a coloured badge: in date, expiring within 60 days, expired. */
function LotState({ lot }: { lot: Lot }) {
  return (
    <Badge color={STATE_COLOUR[lot.state]}>
      <FormattedMessage id={`dashboard.lots.state.${lot.state}`} />
    </Badge>
  );
}

const EMPTY = {
  batch: '',
  expires_on: '',
  quantity: '',
  existing_units: '',
  opening_expires_on: '',
  write_off_reason: '',
};

/** A product's lots under its form: batch, expiry, units and state, with a form to receive a
 * lot or correct the one picked; the product's stock is what its lots in date hold. The first
 * lot of a product holding `stock` units in no lot asks what becomes of them: kept as an
 * opening-stock lot with its expiry, or written off with why. */
export function ProductLots({ product, stock }: { product: number; stock: number }) {
  const intl = useIntl();
  const { user } = useSession();
  const [editing, setEditing] = useState<Lot | null>(null);
  const form = useForm({ initialValues: EMPTY });
  const save = useSaveLot(product);
  const remove = useRemoveLot(product);
  const canWrite = hasPermission(user, 'product-edit');
  const lotsQuery = useQuery(farmQueries.lots(product));
  const lots = lotsQuery.data?.data ?? [];
  const unlotted = lotsQuery.isSuccess && lots.length === 0 && stock > 0 && !editing;
  // "Receive a lot" (the lots screen, a product's card) opens here, at the form.
  const { hash } = useLocation();
  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === '#lots' && lotsQuery.isSuccess) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, lotsQuery.isSuccess]);

  const pick = (lot: Lot | null) => {
    setEditing(lot);
    form.setValues(
      lot ? { ...EMPTY, batch: lot.batch, expires_on: lot.expires_on, quantity: String(lot.quantity) } : EMPTY,
    );
  };
  const submit = form.onSubmit(async (values) => {
    try {
      // A blank count is sent as none and one that is no number as one out of range: the
      // server names what is wrong with either.
      const quantity = values.quantity.trim() === '' ? null : Number(toLatinDigits(values.quantity.trim()));
      const { existing_units, opening_expires_on, write_off_reason, ...lot } = values;
      const choice = unlotted ? { existing_units, opening_expires_on, write_off_reason } : {};
      const body = { ...lot, ...choice, quantity: Number.isNaN(quantity) ? -1 : quantity };
      const answer = await withLoading(save.mutateAsync({ lot: editing?.id ?? null, body }));
      toast('success', answer.message);
      pick(null);
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <Paper withBorder p="md" data-testid="product-lots" id="lots" ref={section}>
      <Stack gap="sm">
        <Title order={3}>
          <FormattedMessage id="dashboard.lots.title" />
        </Title>
        <div className={cards.scroller}>
          <Table striped className={cards.table}>
            <Table.Tbody>
              {lots.map((lot) => (
                <Table.Tr key={lot.id} data-testid="lot-row">
                  <Table.Td dir="ltr">{lot.batch}</Table.Td>
                  <Table.Td dir="ltr" data-label={intl.formatMessage({ id: 'dashboard.lots.expires_on' })}>
                    {lot.expires_on}
                  </Table.Td>
                  <Table.Td data-label={intl.formatMessage({ id: 'dashboard.lots.quantity' })}>{lot.quantity}</Table.Td>
                  <Table.Td>
                    <LotState lot={lot} />
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button variant="subtle" size="compact-md" onClick={() => pick(lot)}>
                          <FormattedMessage id="dashboard.products.edit" />
                        </Button>
                        <DeleteButton
                          name={lot.batch}
                          onConfirm={() =>
                            remove.mutate(lot.id, { onSuccess: (answer) => toast('success', answer.message) })
                          }
                        />
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        {canWrite && (
          <form onSubmit={submit} noValidate data-testid="lot-form">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.lots.batch' })}
                  name="batch"
                  dir="ltr"
                  {...form.getInputProps('batch')}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.lots.expires_on' })}
                  name="expires_on"
                  type="date"
                  dir="ltr"
                  {...form.getInputProps('expires_on')}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.lots.quantity' })}
                  name="quantity"
                  inputMode="numeric"
                  dir="ltr"
                  {...form.getInputProps('quantity')}
                />
              </SimpleGrid>
              {unlotted && (
                <Stack gap="xs" data-testid="unlotted-choice">
                  <Text size="sm">
                    <FormattedMessage id="dashboard.lots.unlotted" values={{ units: stock }} />
                  </Text>
                  <Text size="sm" fw={500} id="unlotted-choice-label">
                    <FormattedMessage id="dashboard.lots.unlotted_choice" />
                  </Text>
                  {/* Chips, not radios: a thumb-sized choice on a phone. */}
                  <Chip.Group
                    multiple={false}
                    value={form.values.existing_units}
                    onChange={(value) => form.setFieldValue('existing_units', value)}
                  >
                    <Group gap="xs" role="radiogroup" aria-labelledby="unlotted-choice-label">
                      <Chip value="opening_stock">
                        <FormattedMessage id="dashboard.lots.opening_stock" />
                      </Chip>
                      <Chip value="write_off">
                        <FormattedMessage id="dashboard.lots.write_off" />
                      </Chip>
                    </Group>
                  </Chip.Group>
                  {form.errors.existing_units && (
                    <Text size="sm" c="red.8" role="alert">
                      {form.errors.existing_units}
                    </Text>
                  )}
                  {form.values.existing_units === 'opening_stock' && (
                    <TextInput
                      label={intl.formatMessage({ id: 'dashboard.lots.opening_expires_on' })}
                      name="opening_expires_on"
                      type="date"
                      dir="ltr"
                      {...form.getInputProps('opening_expires_on')}
                    />
                  )}
                  {form.values.existing_units === 'write_off' && (
                    <TextInput
                      label={intl.formatMessage({ id: 'dashboard.lots.write_off_reason' })}
                      name="write_off_reason"
                      maxLength={500}
                      {...form.getInputProps('write_off_reason')}
                    />
                  )}
                </Stack>
              )}
              <SaveOrCancel pending={save.isPending} editing={!!editing} onCancel={() => pick(null)} />
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** The lots to look at (`/dashboard/lots`): expired ones still on the shelf, to take off, and
 * those expiring within 60 days, soonest first, each linked to its product. */
export function LotsWatch() {
  const intl = useIntl();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const all = params.get('all') === '1';
  const lots = useQuery(farmQueries.watch(all)).data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="dashboard.lots.watch_title" />
      </Title>
      {hasPermission(user, 'product-edit') && <ReceiveLot />}
      <SegmentedControl
        value={all ? 'all' : 'watch'}
        onChange={(value) => setParams(value === 'all' ? { all: '1' } : {}, { replace: true })}
        data={[
          { value: 'watch', label: intl.formatMessage({ id: 'dashboard.lots.to_look_at' }) },
          { value: 'all', label: intl.formatMessage({ id: 'dashboard.lots.all' }) },
        ]}
        data-testid="lots-scope"
      />
      {lots.length === 0 && (
        <p>
          <FormattedMessage id={all ? 'dashboard.lots.none_on_shelf' : 'dashboard.lots.none'} />
        </p>
      )}
      <div className={cards.scroller}>
        <Table striped className={cards.table}>
          <Table.Tbody>
            {lots.map((lot) => (
              <Table.Tr key={lot.id} data-testid="watched-lot">
                <Table.Td>
                  <Link to={`/dashboard/products-actions?id=${lot.product_id}`}>{lot.product_name}</Link>
                </Table.Td>
                <Table.Td dir="ltr">{lot.batch}</Table.Td>
                <Table.Td dir="ltr" data-label={intl.formatMessage({ id: 'dashboard.lots.expires_on' })}>
                  {lot.expires_on}
                </Table.Td>
                <Table.Td data-label={intl.formatMessage({ id: 'dashboard.lots.quantity' })}>{lot.quantity}</Table.Td>
                <Table.Td>
                  <LotState lot={lot} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}

/** "Receive a lot": the product looked up by name, then its lots' form. */
function ReceiveLot() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const [text, setText] = useState('');
  const found = useQuery(lookupQueries.of(text, language)).data?.data.products ?? [];
  return (
    <Paper withBorder p="sm" data-testid="receive-lot">
      <Stack gap="xs">
        <TextInput
          label={intl.formatMessage({ id: 'dashboard.lots.receive' })}
          placeholder={intl.formatMessage({ id: 'dashboard.lots.receive_hint' })}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {text.trim() !== '' &&
          found.map((product) => (
            <Button
              key={product.id}
              variant="light"
              justify="start"
              onClick={() => navigate(`/dashboard/products-actions?id=${product.id}#lots`)}
              data-testid="receive-lot-product"
            >
              {product.name}
            </Button>
          ))}
      </Stack>
    </Paper>
  );
}
