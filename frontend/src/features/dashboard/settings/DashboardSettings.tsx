import { useEffect } from 'react';
import { Group, Paper, SimpleGrid, Stack, Tabs, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { hasPermission, useSession } from '../../../shared/session/session';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { showServerErrors } from '../../../shared/forms';
import {
  staffSettingsQueries,
  useSavePage,
  useSaveSettings,
  type PageFormValues,
  type SettingsFormValues,
  type StaffPage,
  type StaffSettings,
} from './api';
import { SaveButton } from '../FormParts';

const TEXT_FIELDS = [
  'contact_phone',
  'whatsapp_number',
  'email',
  'address_ar',
  'address_en',
  'facebook_url',
  'instagram_url',
] as const;
const NUMBER_FIELDS = [
  'free_weight_kg',
  'extra_fee_per_kg',
  'shipping_hours',
  'points_earn_rate',
  'points_expiry_months',
  'points_coupon_days',
] as const;
const COD_FIELDS = [
  'cod_first_order_max',
  'cod_order_max',
  'phone_call_after',
  'phone_prepay_after',
  'phone_block_after',
] as const;
// Written out so the message-id test sees every id.
const FIELD_LABELS: Record<keyof StaffSettings, string> = {
  contact_phone: 'dashboard.settings.contact_phone',
  whatsapp_number: 'dashboard.settings.whatsapp_number',
  email: 'dashboard.settings.email',
  address_ar: 'dashboard.settings.address_ar',
  address_en: 'dashboard.settings.address_en',
  facebook_url: 'dashboard.settings.facebook_url',
  instagram_url: 'dashboard.settings.instagram_url',
  free_weight_kg: 'dashboard.settings.free_weight_kg',
  extra_fee_per_kg: 'dashboard.settings.extra_fee_per_kg',
  shipping_hours: 'dashboard.settings.shipping_hours',
  points_earn_rate: 'dashboard.settings.points_earn_rate',
  points_expiry_months: 'dashboard.settings.points_expiry_months',
  points_coupon_days: 'dashboard.settings.points_coupon_days',
  phone_call_after: 'dashboard.settings.phone_call_after',
  phone_prepay_after: 'dashboard.settings.phone_prepay_after',
  phone_block_after: 'dashboard.settings.phone_block_after',
  cod_first_order_max: 'dashboard.settings.cod_first_order_max',
  cod_order_max: 'dashboard.settings.cod_order_max',
};
/** Fields typed left to right whatever the page's direction. */
const LTR_FIELDS = new Set([
  'contact_phone',
  'whatsapp_number',
  'email',
  'address_en',
  'facebook_url',
  'instagram_url',
  ...NUMBER_FIELDS,
  ...COD_FIELDS,
]);

function formValues(settings: StaffSettings): SettingsFormValues {
  return Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, String(value)])) as SettingsFormValues;
}

/** Staff's settings: the shop's contacts, the shipping and points numbers, and the four pages. */
export function DashboardSettings() {
  const { user } = useSession();
  const editable = hasPermission(user, 'setting-edit');
  const pages = useQuery(staffSettingsQueries.pages()).data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="dashboard.settings.title" />
      </Title>
      <SettingsForm editable={editable} />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3}>
            <FormattedMessage id="dashboard.settings.pages" />
          </Title>
          {pages.length > 0 && (
            <Tabs defaultValue={pages[0]?.slug} keepMounted={false}>
              <Tabs.List>
                {pages.map((page) => (
                  <Tabs.Tab key={page.slug} value={page.slug} data-testid={`page-tab-${page.slug}`}>
                    <FormattedMessage id={`dashboard.settings.page.${page.slug}`} />
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {pages.map((page) => (
                <Tabs.Panel key={page.slug} value={page.slug} pt="sm">
                  <PageForm page={page} editable={editable} />
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function SettingsForm({ editable }: { editable: boolean }) {
  const intl = useIntl();
  const settings = useQuery(staffSettingsQueries.settings()).data?.data;
  const form = useForm<SettingsFormValues>({
    initialValues: formValues({
      contact_phone: '',
      whatsapp_number: '',
      email: '',
      address_ar: '',
      address_en: '',
      facebook_url: '',
      instagram_url: '',
      free_weight_kg: 0,
      extra_fee_per_kg: 0,
      shipping_hours: 0,
      points_earn_rate: 0,
      points_expiry_months: 0,
      points_coupon_days: 0,
      phone_call_after: 0,
      phone_prepay_after: 0,
      phone_block_after: 0,
      cod_first_order_max: 0,
      cod_order_max: 0,
    }),
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!settings) return;
    setValues(formValues(settings));
    resetDirty(formValues(settings));
  }, [settings, setValues, resetDirty]);
  const save = useSaveSettings();
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await withLoading(save.mutateAsync(values));
      toast('success', answer.message);
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  const field = (name: keyof StaffSettings) => (
    <TextInput
      key={name}
      label={intl.formatMessage({ id: FIELD_LABELS[name] })}
      name={name}
      dir={LTR_FIELDS.has(name) ? 'ltr' : 'rtl'}
      inputMode={LTR_FIELDS.has(name) && !(TEXT_FIELDS as readonly string[]).includes(name) ? 'decimal' : undefined}
      readOnly={!editable}
      {...form.getInputProps(name)}
    />
  );
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate data-testid="settings-form">
        <Stack gap="sm">
          <Title order={3}>
            <FormattedMessage id="dashboard.settings.contacts" />
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{TEXT_FIELDS.map(field)}</SimpleGrid>
          <Title order={3}>
            <FormattedMessage id="dashboard.settings.rules" />
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{NUMBER_FIELDS.map(field)}</SimpleGrid>
          <Title order={3}>
            <FormattedMessage id="dashboard.settings.phone_rules" />
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{COD_FIELDS.map(field)}</SimpleGrid>
          {editable && (
            <Group>
              <SaveButton pending={save.isPending} />
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function PageForm({ page, editable }: { page: StaffPage; editable: boolean }) {
  const intl = useIntl();
  const form = useForm<PageFormValues>({
    initialValues: { title_ar: page.title_ar, title_en: page.title_en, body_ar: page.body_ar, body_en: page.body_en },
  });
  const save = useSavePage(page.slug);
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await withLoading(save.mutateAsync(values));
      toast('success', answer.message);
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="page-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.settings.title_ar' })}
            name="title_ar"
            dir="rtl"
            readOnly={!editable}
            {...form.getInputProps('title_ar')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.settings.title_en' })}
            name="title_en"
            dir="ltr"
            readOnly={!editable}
            {...form.getInputProps('title_en')}
          />
          <Textarea
            label={intl.formatMessage({ id: 'dashboard.settings.body_ar' })}
            name="body_ar"
            dir="rtl"
            autosize
            minRows={6}
            maxRows={16}
            readOnly={!editable}
            {...form.getInputProps('body_ar')}
          />
          <Textarea
            label={intl.formatMessage({ id: 'dashboard.settings.body_en' })}
            name="body_en"
            dir="ltr"
            autosize
            minRows={6}
            maxRows={16}
            readOnly={!editable}
            {...form.getInputProps('body_en')}
          />
        </SimpleGrid>
        {editable && (
          <Group>
            <SaveButton pending={save.isPending} />
          </Group>
        )}
      </Stack>
    </form>
  );
}
