import { useState } from 'react';
import { Button, Checkbox, FileInput, Group, Paper, SimpleGrid, Stack, Table, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { hasPermission, useSession } from '../../../shared/session/session';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { showServerErrors } from '../../../shared/forms';
import { staffCategoryQueries, useDeleteCategory, useSaveCategory, type StaffCategory } from './api';
import { SaveOrCancel, NameFields } from '../FormParts';

/** Staff's categories: the list, and a form to add one or change the one picked. */
export function DashboardCategories() {
  const intl = useIntl();
  const { user } = useSession();
  const { language } = useLanguage();
  const categories = useQuery(staffCategoryQueries.list()).data?.data ?? [];
  const [editing, setEditing] = useState<StaffCategory | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const form = useForm({ initialValues: { name_ar: '', name_en: '', sort_order: '0', returnable: true } });
  const save = useSaveCategory();
  const remove = useDeleteCategory();

  // The form follows the category picked.
  const pick = (category: StaffCategory | null) => {
    setEditing(category);
    form.setValues(
      category
        ? {
            name_ar: category.name_ar,
            name_en: category.name_en,
            sort_order: String(category.sort_order),
            returnable: category.returnable,
          }
        : { name_ar: '', name_en: '', sort_order: '0', returnable: true },
    );
    setImage(null);
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await withLoading(save.mutateAsync({ id: editing?.id ?? null, values, image }));
      toast('success', answer.message);
      pick(null);
      form.reset();
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  const canWrite = hasPermission(user, editing ? 'category-edit' : 'category-create');

  return (
    <Stack gap="md">
      <Title order={2}>{intl.formatMessage({ id: 'dashboard.categories.title' })}</Title>
      <Table.ScrollContainer minWidth={420}>
        <Table striped>
          <Table.Tbody>
            {categories.map((category) => (
              <Table.Tr key={category.id} data-testid="staff-category-row">
                <Table.Td>{category.sort_order}</Table.Td>
                <Table.Td>{category.name_ar}</Table.Td>
                <Table.Td>{category.name_en}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {hasPermission(user, 'category-edit') && (
                      <Button variant="subtle" size="compact-sm" onClick={() => pick(category)}>
                        <FormattedMessage id="dashboard.products.edit" />
                      </Button>
                    )}
                    {hasPermission(user, 'category-delete') && (
                      <DeleteButton
                        name={language === 'ar' ? category.name_ar : category.name_en}
                        onConfirm={() =>
                          remove.mutate(category.id, { onSuccess: (answer) => toast('success', answer.message) })
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
      {canWrite && (
        <Paper withBorder p="md">
          <form onSubmit={submit} noValidate data-testid="category-form">
            <Stack gap="sm">
              <Title order={3}>
                {intl.formatMessage({ id: editing ? 'dashboard.categories.edit' : 'dashboard.categories.add' })}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NameFields form={form} />
                <TextInput
                  label={intl.formatMessage({ id: 'dashboard.categories.order' })}
                  name="sort_order"
                  inputMode="numeric"
                  dir="ltr"
                  {...form.getInputProps('sort_order')}
                />
                <FileInput
                  label={intl.formatMessage({ id: 'dashboard.categories.image' })}
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  value={image}
                  onChange={setImage}
                  error={form.errors.image}
                />
              </SimpleGrid>
              <Checkbox
                label={intl.formatMessage({ id: 'dashboard.categories.returnable' })}
                {...form.getInputProps('returnable', { type: 'checkbox' })}
              />
              <SaveOrCancel pending={save.isPending} editing={!!editing} onCancel={() => pick(null)} />
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
