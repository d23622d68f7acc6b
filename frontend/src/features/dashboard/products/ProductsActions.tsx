import { useEffect, useState } from 'react';
import { Checkbox, FileInput, Group, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { categoriesQuery } from '../../../shared/api/catalogue';
import { staffProductQueries, useSaveProduct, type ProductFormValues } from './api';
import { AgronomyForm } from '../farm/AgronomyForm';
import { ProductLots } from '../farm/Lots';
import { ProductDocuments } from '../farm/Documents';
import { SaveButton, useSaveAndReturn, NameFields } from '../FormParts';
import { DateField } from '../DateField';

const EMPTY: ProductFormValues = {
  name_ar: '',
  name_en: '',
  description_ar: '',
  description_en: '',
  price: '',
  discount: '0',
  quantity: '0',
  weight: '',
  weight_unit: 'kg',
  expires_at: '',
  category_id: null,
  featured: false,
  is_package: false,
  pieces_per_package: '',
};

/** Adds a product, or changes the one named by `?id=`, in both languages with pictures; an
 * existing product's agronomy and lots follow its form. */
export function ProductsActions() {
  const intl = useIntl();
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useQuery({ ...staffProductQueries.one(language, id ?? ''), enabled: !!id }).data?.data;
  const categories = useQuery(categoriesQuery(language)).data?.data ?? [];
  const [images, setImages] = useState<File[]>([]);
  const save = useSaveProduct();
  const form = useForm<ProductFormValues>({ initialValues: EMPTY });

  useEffect(() => {
    if (!existing) return;
    form.setValues({
      name_ar: existing.name_ar,
      name_en: existing.name_en,
      description_ar: existing.description_ar,
      description_en: existing.description_en,
      price: String(existing.price),
      discount: String(existing.own_discount),
      quantity: String(existing.quantity),
      weight: String(existing.weight_unit === 'g' ? Math.round(existing.weight * 1000) : existing.weight),
      weight_unit: existing.weight_unit,
      expires_at: existing.expires_at ?? '',
      category_id: existing.category ? String(existing.category.id) : null,
      featured: existing.featured,
      is_package: existing.is_package,
      pieces_per_package: existing.pieces_per_package ? String(existing.pieces_per_package) : '',
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill once when the product arrives
  }, [existing]);

  const submit = useSaveAndReturn(form, (values) => save.mutateAsync({ id, values, images }), '/dashboard/products');

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate data-testid="product-form">
        <Stack gap="sm">
          <Title order={2}>
            <FormattedMessage id={id ? 'dashboard.product_form.edit_title' : 'dashboard.product_form.add_title'} />
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NameFields form={form} />
            <Textarea
              label={intl.formatMessage({ id: 'dashboard.product_form.description_ar' })}
              name="description_ar"
              dir="rtl"
              autosize
              minRows={2}
              {...form.getInputProps('description_ar')}
            />
            <Textarea
              label={intl.formatMessage({ id: 'dashboard.product_form.description_en' })}
              name="description_en"
              dir="ltr"
              autosize
              minRows={2}
              {...form.getInputProps('description_en')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'dashboard.product_form.price' })}
              name="price"
              inputMode="decimal"
              dir="ltr"
              {...form.getInputProps('price')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'dashboard.product_form.discount' })}
              name="discount"
              inputMode="numeric"
              dir="ltr"
              {...form.getInputProps('discount')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'dashboard.product_form.quantity' })}
              name="quantity"
              inputMode="numeric"
              dir="ltr"
              {...form.getInputProps('quantity')}
            />
            <Group grow align="flex-start">
              <TextInput
                label={intl.formatMessage({ id: 'dashboard.product_form.weight' })}
                name="weight"
                inputMode="decimal"
                dir="ltr"
                {...form.getInputProps('weight')}
              />
              <Select
                label={intl.formatMessage({ id: 'dashboard.product_form.weight_unit' })}
                data={[
                  { value: 'kg', label: intl.formatMessage({ id: 'weight.kg' }, { amount: '' }).trim() },
                  { value: 'g', label: intl.formatMessage({ id: 'weight.g' }, { amount: '' }).trim() },
                ]}
                allowDeselect={false}
                {...form.getInputProps('weight_unit')}
              />
            </Group>
            <DateField
              label={intl.formatMessage({ id: 'dashboard.product_form.expires_at' })}
              name="expires_at"
              {...form.getInputProps('expires_at')}
            />
            <Select
              label={intl.formatMessage({ id: 'dashboard.product_form.category' })}
              data={categories.map((category) => ({ value: String(category.id), label: category.name }))}
              clearable
              data-testid="category-select"
              {...form.getInputProps('category_id')}
            />
            <Checkbox
              label={intl.formatMessage({ id: 'dashboard.product_form.featured' })}
              name="featured"
              {...form.getInputProps('featured', { type: 'checkbox' })}
            />
            <Checkbox
              label={intl.formatMessage({ id: 'dashboard.product_form.is_package' })}
              name="is_package"
              {...form.getInputProps('is_package', { type: 'checkbox' })}
            />
            {form.values.is_package && (
              <TextInput
                label={intl.formatMessage({ id: 'dashboard.product_form.pieces_per_package' })}
                name="pieces_per_package"
                inputMode="numeric"
                dir="ltr"
                {...form.getInputProps('pieces_per_package')}
              />
            )}
            <FileInput
              label={intl.formatMessage({ id: 'dashboard.product_form.images' })}
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif"
              value={images}
              onChange={setImages}
              error={form.errors.images}
              data-testid="images-input"
            />
          </SimpleGrid>
          <Group>
            <SaveButton pending={save.isPending} errors={form.errors} />
          </Group>
        </Stack>
      </form>
      {existing && <AgronomyForm product={existing.id} agronomy={existing.agronomy} />}
      {existing?.agronomy && <ProductDocuments product={existing.id} agronomy={existing.agronomy} />}
      {id && <ProductLots product={Number(id)} stock={existing?.quantity ?? 0} />}
    </Stack>
  );
}
