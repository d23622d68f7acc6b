import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, answer, api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { DateField } from '../DateField';
import { SaveButton } from '../FormParts';
import { useRefreshCatalogue } from '../refresh';
import { farmQueries } from './api';

type Agronomy = components['schemas']['AgronomyData'];

const KINDS = ['pesticide', 'fertiliser', 'seed', 'soil', 'tool', 'other'];
const FORMULATIONS = ['', 'EC', 'SC', 'WP', 'WG', 'SL', 'EW', 'ME', 'OD', 'GR', 'DP', 'other'];
const PACK_UNITS = ['ml', 'l', 'g', 'kg', 'seeds'];
// The stored unit and its word's id.
const CONCENTRATION_UNITS: Record<string, string> = {
  'g/L': 'dashboard.agronomy.concentration_unit.g_per_l',
  'g/kg': 'dashboard.agronomy.concentration_unit.g_per_kg',
  '%': 'dashboard.agronomy.concentration_unit.percent',
};
const WHO_CLASSES = ['', 'Ia', 'Ib', 'II', 'III', 'U'];
const SIGNAL_WORDS = ['', 'danger', 'warning'];
const PICTOGRAMS = Array.from({ length: 9 }, (_, index) => `GHS0${index + 1}`);
const RATE_UNITS = [
  'ml_per_feddan',
  'l_per_feddan',
  'g_per_feddan',
  'kg_per_feddan',
  'ml_per_20l',
  'g_per_20l',
  'ml_per_100l',
  'g_per_100l',
];

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const none = (value: string) => (value.trim() === '' ? undefined : value.trim());
const ingredientRow = { ingredient_id: '', concentration: '', unit: 'g/L' };
const useRow = {
  crop_id: '',
  pest_id: '',
  rate_from: '',
  rate_to: '',
  rate_unit: 'ml_per_100l',
  water_per_feddan: '',
  phi_days: '',
  reentry_hours: '',
};

/** The form's values: every field as typed. */
function valuesOf(agronomy: Agronomy | null | undefined) {
  return {
    kind: agronomy?.kind ?? 'pesticide',
    formulation: text(agronomy?.formulation),
    pack_size: text(agronomy?.pack?.size),
    pack_unit: agronomy?.pack?.unit ?? 'ml',
    registration_no: text(agronomy?.registration_no),
    registration_expires_on: text(agronomy?.registration_expires_on),
    who_class: text(agronomy?.who_class),
    signal_word: text(agronomy?.signal_word),
    restricted: agronomy?.restricted ?? false,
    pack_group: text(agronomy?.pack_group),
    ghs_pictograms: agronomy?.ghs_pictograms ?? [],
    active_ingredients: (agronomy?.active_ingredients ?? []).map((share) => ({
      ingredient_id: text(share.ingredient_id),
      concentration: text(share.concentration),
      unit: share.unit ?? 'g/L',
    })),
    uses: (agronomy?.uses ?? []).map((use) => ({
      crop_id: text(use.crop_id),
      pest_id: text(use.pest_id),
      rate_from: text(use.rate_from),
      rate_to: text(use.rate_to),
      rate_unit: use.rate_unit ?? 'ml_per_100l',
      water_per_feddan: text(use.water_per_feddan),
      phi_days: text(use.phi_days),
      reentry_hours: text(use.reentry_hours),
    })),
  };
}

type Values = ReturnType<typeof valuesOf>;

/** What the form sends: blanks as none, numbers as typed (the server reads Arabic digits). */
function bodyOf(values: Values): Agronomy {
  const number = (value: string) => (value.trim() === '' ? null : Number(value));
  return {
    kind: values.kind,
    formulation: none(values.formulation),
    pack: values.pack_size.trim() ? { size: values.pack_size.trim(), unit: values.pack_unit } : null,
    registration_no: none(values.registration_no),
    registration_expires_on: none(values.registration_expires_on),
    who_class: none(values.who_class),
    signal_word: none(values.signal_word),
    restricted: values.restricted,
    pack_group: values.pack_group.trim(),
    ghs_pictograms: values.ghs_pictograms,
    active_ingredients: values.active_ingredients.map((share) => ({
      ingredient_id: number(share.ingredient_id),
      concentration: none(share.concentration),
      unit: share.unit,
    })),
    uses: values.uses.map((use) => ({
      crop_id: number(use.crop_id),
      pest_id: number(use.pest_id),
      purpose_ar: '',
      purpose_en: '',
      rate_from: none(use.rate_from),
      rate_to: none(use.rate_to),
      rate_unit: use.rate_unit,
      water_per_feddan: number(use.water_per_feddan),
      phi_days: number(use.phi_days),
      reentry_hours: number(use.reentry_hours),
    })),
  };
}

/** A product's agronomy under its form (`product-edit`): what it is, what is in it, its
 * registration and hazard, and how much goes on which crop. The server names each wrong or
 * missing field; those the form has no place for are listed above the button. */
export function AgronomyForm({ product, agronomy }: { product: number; agronomy: Agronomy | null | undefined }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const refresh = useRefreshCatalogue();
  const crops = useQuery(farmQueries.list('crops')).data?.data ?? [];
  const pests = useQuery(farmQueries.list('pests')).data?.data ?? [];
  const ingredients = useQuery(farmQueries.list('active-ingredients')).data?.data ?? [];
  const form = useForm<Values>({ initialValues: valuesOf(agronomy) });
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (body: Agronomy) =>
      answer(api.PUT('/api/dashboard/products/{id}/agronomy', { params: { path: { id: product } }, body }), {
        silent: true,
      }),
    onSuccess: refresh,
  });

  useEffect(() => {
    form.setValues(valuesOf(agronomy));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill again only when the saved agronomy changes
  }, [agronomy]);

  const name = (entry: { name_ar: string; name_en: string }) => (language === 'ar' ? entry.name_ar : entry.name_en);
  const options = (entries: Array<{ id: number; name_ar: string; name_en: string }>) => [
    { value: '', label: '—' },
    ...entries.map((entry) => ({ value: String(entry.id), label: name(entry) })),
  ];
  // Every choice in words of the staff member's language; the code is what is saved.
  const choices = (values: string[], prefix: string) =>
    values.map((value) => ({
      value,
      label: value === '' ? '—' : intl.formatMessage({ id: `${prefix}.${value.toLowerCase()}` }),
    }));

  const submit = form.onSubmit(async (values) => {
    setUnplaced([]);
    try {
      const saved = await withLoading(save.mutateAsync(bodyOf(values)));
      toast('success', saved.message ?? '');
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      // The server's fields are under `agronomy.`; a use's rate is one field for both ends.
      const fields = Object.fromEntries(
        Object.entries(error.firstMessages()).map(([field, message]) => [
          field
            .replace(/^agronomy\./, '')
            .replace(/^(uses\.\d+)\.rate$/, '$1.rate_from')
            .replace(/^pack\.size$/, 'pack_size'),
          message,
        ]),
      );
      form.setErrors(fields);
      const known = (field: string) => field in form.values || /^(uses|active_ingredients)\.\d+\./.test(field);
      setUnplaced(
        Object.entries(fields)
          .filter(([field]) => !known(field))
          .map(([, message]) => message),
      );
    }
  });

  return (
    <Paper withBorder p="md" data-testid="agronomy-form">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3}>
            <FormattedMessage id="dashboard.agronomy.title" />
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label={intl.formatMessage({ id: 'dashboard.agronomy.kind' })}
              data={choices(KINDS, 'dashboard.agronomy.kind')}
              {...form.getInputProps('kind')}
            />
            <NativeSelect
              label={intl.formatMessage({ id: 'dashboard.agronomy.formulation' })}
              data={choices(FORMULATIONS, 'dashboard.agronomy.formulation')}
              {...form.getInputProps('formulation')}
            />
            <Group grow gap="xs" align="flex-start">
              <TextInput
                label={intl.formatMessage({ id: 'dashboard.agronomy.pack' })}
                dir="ltr"
                inputMode="decimal"
                {...form.getInputProps('pack_size')}
              />
              <NativeSelect
                label={intl.formatMessage({ id: 'dashboard.agronomy.pack_unit' })}
                data={choices(PACK_UNITS, 'dashboard.agronomy.pack_unit')}
                {...form.getInputProps('pack_unit')}
              />
            </Group>
            <TextInput
              label={intl.formatMessage({ id: 'dashboard.agronomy.pack_group' })}
              description={intl.formatMessage({ id: 'dashboard.agronomy.pack_group_hint' })}
              dir="ltr"
              {...form.getInputProps('pack_group')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'dashboard.agronomy.registration_no' })}
              dir="ltr"
              {...form.getInputProps('registration_no')}
            />
            <DateField
              label={intl.formatMessage({ id: 'dashboard.agronomy.registration_expires_on' })}
              value={form.values.registration_expires_on}
              onChange={(day) => form.setFieldValue('registration_expires_on', day)}
              error={form.errors.registration_expires_on}
            />
            <NativeSelect
              label={intl.formatMessage({ id: 'dashboard.agronomy.who_class' })}
              data={choices(WHO_CLASSES, 'dashboard.agronomy.who_class')}
              {...form.getInputProps('who_class')}
            />
            <NativeSelect
              label={intl.formatMessage({ id: 'dashboard.agronomy.signal_word' })}
              data={choices(SIGNAL_WORDS, 'dashboard.agronomy.signal_word')}
              {...form.getInputProps('signal_word')}
            />
            <MultiSelect
              label={intl.formatMessage({ id: 'dashboard.agronomy.pictograms' })}
              data={choices(PICTOGRAMS, 'dashboard.agronomy.pictograms')}
              {...form.getInputProps('ghs_pictograms')}
            />
            <Checkbox
              mt="xl"
              label={intl.formatMessage({ id: 'dashboard.agronomy.restricted' })}
              {...form.getInputProps('restricted', { type: 'checkbox' })}
            />
          </SimpleGrid>

          <Title order={4}>
            <FormattedMessage id="dashboard.agronomy.ingredients" />
          </Title>
          {form.values.active_ingredients.map((_, index) => (
            <Group key={index} gap="xs" align="flex-end" wrap="wrap" data-testid="ingredient-row">
              <NativeSelect
                label={intl.formatMessage({ id: 'dashboard.agronomy.ingredient' })}
                data={options(ingredients)}
                {...form.getInputProps(`active_ingredients.${index}.ingredient_id`)}
              />
              <TextInput
                label={intl.formatMessage({ id: 'dashboard.agronomy.concentration' })}
                dir="ltr"
                inputMode="decimal"
                w={110}
                {...form.getInputProps(`active_ingredients.${index}.concentration`)}
              />
              <NativeSelect
                label={intl.formatMessage({ id: 'dashboard.agronomy.unit' })}
                data={Object.entries(CONCENTRATION_UNITS).map(([value, id]) => ({
                  value,
                  label: intl.formatMessage({ id }),
                }))}
                {...form.getInputProps(`active_ingredients.${index}.unit`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="xl"
                aria-label={intl.formatMessage({ id: 'dashboard.agronomy.remove_row' })}
                onClick={() => form.removeListItem('active_ingredients', index)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="light" onClick={() => form.insertListItem('active_ingredients', { ...ingredientRow })}>
              <FormattedMessage id="dashboard.agronomy.add_ingredient" />
            </Button>
          </Group>
          {form.errors.active_ingredients && <Alert color="red">{form.errors.active_ingredients}</Alert>}

          <Title order={4}>
            <FormattedMessage id="dashboard.agronomy.uses" />
          </Title>
          {form.values.uses.map((_, index) => {
            const gaps = agronomy?.uses?.[index]?.gaps ?? [];
            return (
              <SimpleGrid key={index} cols={{ base: 2, sm: 4 }} data-testid="use-row">
                {gaps.length > 0 && (
                  <Alert color="yellow" p="xs" style={{ gridColumn: '1 / -1' }} data-testid="use-incomplete">
                    <FormattedMessage
                      id="dashboard.agronomy.incomplete"
                      values={{
                        missing: intl.formatList(
                          gaps.map((gap) => intl.formatMessage({ id: `dashboard.agronomy.gap.${gap}` })),
                        ),
                      }}
                    />
                  </Alert>
                )}
                <NativeSelect
                  label={intl.formatMessage({ id: 'dashboard.agronomy.crop' })}
                  data={options(crops)}
                  {...form.getInputProps(`uses.${index}.crop_id`)}
                />
                <NativeSelect
                  label={intl.formatMessage({ id: 'dashboard.agronomy.pest' })}
                  data={options(pests)}
                  {...form.getInputProps(`uses.${index}.pest_id`)}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.agronomy.rate_from' })}
                  dir="ltr"
                  inputMode="decimal"
                  {...form.getInputProps(`uses.${index}.rate_from`)}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.agronomy.rate_to' })}
                  dir="ltr"
                  inputMode="decimal"
                  {...form.getInputProps(`uses.${index}.rate_to`)}
                />
                <NativeSelect
                  label={intl.formatMessage({ id: 'dashboard.agronomy.rate_unit' })}
                  data={choices(RATE_UNITS, 'dashboard.agronomy.rate_unit')}
                  {...form.getInputProps(`uses.${index}.rate_unit`)}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.agronomy.water' })}
                  dir="ltr"
                  inputMode="numeric"
                  {...form.getInputProps(`uses.${index}.water_per_feddan`)}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.agronomy.phi' })}
                  dir="ltr"
                  inputMode="numeric"
                  {...form.getInputProps(`uses.${index}.phi_days`)}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.agronomy.reentry' })}
                  dir="ltr"
                  inputMode="numeric"
                  {...form.getInputProps(`uses.${index}.reentry_hours`)}
                />
                <Button variant="subtle" color="red" onClick={() => form.removeListItem('uses', index)}>
                  <FormattedMessage id="dashboard.agronomy.remove_row" />
                </Button>
              </SimpleGrid>
            );
          })}
          <Group>
            <Button variant="light" onClick={() => form.insertListItem('uses', { ...useRow })}>
              <FormattedMessage id="dashboard.agronomy.add_use" />
            </Button>
          </Group>
          {form.errors.uses && <Alert color="red">{form.errors.uses}</Alert>}
          {unplaced.length > 0 && (
            <Alert color="red" data-testid="agronomy-errors">
              {unplaced.join(' ')}
            </Alert>
          )}
          <Group>
            <SaveButton pending={save.isPending} />
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
