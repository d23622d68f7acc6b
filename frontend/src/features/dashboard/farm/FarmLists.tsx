import { useState } from 'react';
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { toLatinDigits } from '../../../shared/digits';
import { showServerErrors } from '../../../shared/forms';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { hasPermission, useSession } from '../../../shared/session/session';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { EntryPicture } from './EntryPicture';
import { NameFields, SaveOrCancel } from '../FormParts';
import { FARM_LISTS, farmQueries, useRemoveEntry, useSaveEntry, type FarmListEntry, type FarmListName } from './api';
import cards from '../ListCards.module.css';

const PEST_KINDS = ['insect', 'mite', 'disease', 'weed', 'nematode'] as const;

const EMPTY = {
  name_ar: '',
  name_en: '',
  synonyms_ar: '',
  sort_order: '0',
  kind: 'insect',
  symptoms_ar: '',
  symptoms_en: '',
  resistance_group: '',
};

/** The crops, pests and active ingredients products' agronomy names, each a tab with its list
 * and a form to add an entry or change the one picked (`agronomy-*`). */
export function FarmLists() {
  const intl = useIntl();
  const [list, setList] = useState<FarmListName>('crops');
  return (
    <Stack gap="md">
      <Title order={2}>{intl.formatMessage({ id: 'dashboard.farm.title' })}</Title>
      <Tabs value={list} onChange={(value) => setList((value as FarmListName | null) ?? 'crops')} keepMounted={false}>
        <Tabs.List>
          {FARM_LISTS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              <FormattedMessage id={`dashboard.farm.${name}`} />
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {FARM_LISTS.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            <FarmList list={name} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** One list: its entries, and the form. */
function FarmList({ list }: { list: FarmListName }) {
  const intl = useIntl();
  const { user } = useSession();
  const { language } = useLanguage();
  const entries = useQuery(farmQueries.list(list)).data?.data ?? [];
  const [editing, setEditing] = useState<FarmListEntry | null>(null);
  const form = useForm({ initialValues: EMPTY });
  const save = useSaveEntry(list);
  const remove = useRemoveEntry(list);

  const pick = (entry: FarmListEntry | null) => {
    setEditing(entry);
    form.setValues(
      entry
        ? {
            name_ar: entry.name_ar,
            name_en: entry.name_en,
            synonyms_ar: entry.synonyms_ar.join('\n'),
            sort_order: String(entry.sort_order ?? 0),
            kind: entry.kind ?? 'insect',
            symptoms_ar: entry.symptoms_ar ?? '',
            symptoms_en: entry.symptoms_en ?? '',
            resistance_group: entry.resistance_group ?? '',
          }
        : EMPTY,
    );
  };

  const submit = form.onSubmit(async (values) => {
    const body = {
      ...values,
      synonyms_ar: values.synonyms_ar.split('\n'),
      sort_order: Number(toLatinDigits(values.sort_order)) || 0,
    };
    try {
      const answer = await withLoading(save.mutateAsync({ id: editing?.id ?? null, body }));
      toast('success', answer.message);
      pick(null);
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  const canWrite = hasPermission(user, editing ? 'agronomy-edit' : 'agronomy-create');
  // The entry as last fetched: its picture changes apart from the form.
  const picked = editing && entries.find((entry) => entry.id === editing.id);

  return (
    <Stack gap="md">
      <div className={cards.scroller}>
        <Table striped className={cards.table}>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id} data-testid="farm-list-row">
                <Table.Td>{entry.name_ar}</Table.Td>
                <Table.Td>{entry.name_en}</Table.Td>
                <Table.Td>
                  {entry.kind
                    ? intl.formatMessage({ id: `dashboard.farm.kind.${entry.kind}` })
                    : (entry.resistance_group ?? entry.synonyms_ar.join('، '))}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {hasPermission(user, 'agronomy-edit') && (
                      <Button variant="subtle" size="compact-md" onClick={() => pick(entry)}>
                        <FormattedMessage id="dashboard.products.edit" />
                      </Button>
                    )}
                    {hasPermission(user, 'agronomy-delete') && (
                      <DeleteButton
                        name={language === 'ar' ? entry.name_ar : entry.name_en}
                        onConfirm={() =>
                          remove.mutate(entry.id, { onSuccess: (answer) => toast('success', answer.message) })
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
      {canWrite && (
        <Paper withBorder p="md">
          <form onSubmit={submit} noValidate data-testid="farm-list-form">
            <Stack gap="sm">
              <Title order={3}>
                <FormattedMessage id={editing ? 'dashboard.farm.edit' : 'dashboard.farm.add'} />
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NameFields form={form} />
                <Textarea
                  label={intl.formatMessage({ id: 'dashboard.farm.synonyms' })}
                  description={intl.formatMessage({ id: 'dashboard.farm.synonyms_hint' })}
                  name="synonyms_ar"
                  dir="rtl"
                  autosize
                  minRows={2}
                  {...form.getInputProps('synonyms_ar')}
                />
                {list === 'crops' && (
                  <TextInput
                    label={intl.formatMessage({ id: 'dashboard.categories.order' })}
                    name="sort_order"
                    inputMode="numeric"
                    dir="ltr"
                    {...form.getInputProps('sort_order')}
                  />
                )}
                {list === 'pests' && (
                  <>
                    <NativeSelect
                      label={intl.formatMessage({ id: 'dashboard.farm.kind' })}
                      name="kind"
                      data={PEST_KINDS.map((kind) => ({
                        value: kind,
                        label: intl.formatMessage({ id: `dashboard.farm.kind.${kind}` }),
                      }))}
                      {...form.getInputProps('kind')}
                    />
                    <Textarea
                      label={intl.formatMessage({ id: 'dashboard.farm.symptoms_ar' })}
                      name="symptoms_ar"
                      dir="rtl"
                      {...form.getInputProps('symptoms_ar')}
                    />
                    <Textarea
                      label={intl.formatMessage({ id: 'dashboard.farm.symptoms_en' })}
                      name="symptoms_en"
                      dir="ltr"
                      {...form.getInputProps('symptoms_en')}
                    />
                  </>
                )}
                {list === 'active-ingredients' && (
                  <TextInput
                    label={intl.formatMessage({ id: 'dashboard.farm.resistance_group' })}
                    name="resistance_group"
                    dir="ltr"
                    {...form.getInputProps('resistance_group')}
                  />
                )}
              </SimpleGrid>
              {picked && list !== 'active-ingredients' && <EntryPicture list={list} entry={picked} />}
              <SaveOrCancel pending={save.isPending} editing={!!editing} onCancel={() => pick(null)} />
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
