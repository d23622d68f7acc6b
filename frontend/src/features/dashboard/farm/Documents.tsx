import { useState } from 'react';
import { Anchor, FileInput, Group, Paper, Stack, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { hasPermission, useSession } from '../../../shared/session/session';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { useAttachDocument, useRemoveDocument, type ProductDocument } from './api';

const DOCUMENTS: ProductDocument[] = ['label', 'sds'];

/** A product's label and safety data sheet under its form: a link to each PDF uploaded, a
 * picker that uploads one (or replaces it) as soon as it is chosen, and its removal. */
export function ProductDocuments({
  product,
  agronomy,
}: {
  product: number;
  agronomy?: components['schemas']['AgronomyData'];
}) {
  const intl = useIntl();
  const { user } = useSession();
  const attach = useAttachDocument(product);
  const remove = useRemoveDocument(product);
  const [errors, setErrors] = useState<Partial<Record<ProductDocument, string>>>({});
  const canWrite = hasPermission(user, 'product-edit');

  const upload = async (document: ProductDocument, file: File | null) => {
    if (!file) return;
    setErrors((shown) => ({ ...shown, [document]: undefined }));
    try {
      toast('success', (await withLoading(attach.mutateAsync({ document, file }))).message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors((shown) => ({ ...shown, [document]: error.firstMessages().file }));
      }
    }
  };

  return (
    <Paper withBorder p="md" data-testid="product-documents">
      <Stack gap="sm">
        <Title order={3}>
          <FormattedMessage id="dashboard.documents.title" />
        </Title>
        {DOCUMENTS.map((document) => {
          const url = agronomy?.[`${document}_url`];
          const name = intl.formatMessage({ id: `dashboard.documents.${document}` });
          return (
            <Group key={document} align="end" wrap="wrap" data-testid={`document-${document}`}>
              {canWrite && (
                <FileInput
                  label={name}
                  accept="application/pdf"
                  clearable={false}
                  value={null}
                  placeholder={intl.formatMessage({
                    id: url ? 'dashboard.documents.replace' : 'dashboard.documents.choose',
                  })}
                  onChange={(file) => void upload(document, file)}
                  error={errors[document]}
                />
              )}
              {url && (
                <Anchor href={url} target="_blank" rel="noopener" type="application/pdf">
                  {canWrite ? <FormattedMessage id="dashboard.documents.open" /> : name}
                </Anchor>
              )}
              {url && canWrite && (
                <DeleteButton
                  name={name}
                  onConfirm={() => remove.mutate(document, { onSuccess: (answer) => toast('success', answer.message) })}
                />
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
