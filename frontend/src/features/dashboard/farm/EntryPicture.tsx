import { useState } from 'react';
import { FileInput, Group, Image } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ApiError } from '../../../shared/api/client';
import { withLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { useRemovePicture, useSetPicture, type FarmListEntry, type PicturedList } from './api';

/** A crop's or pest's picture in its form: its thumbnail, a picker that uploads a picture (or
 * replaces it) as soon as it is chosen, and its removal. */
export function EntryPicture({ list, entry }: { list: PicturedList; entry: FarmListEntry }) {
  const intl = useIntl();
  const set = useSetPicture(list);
  const remove = useRemovePicture(list);
  const [error, setError] = useState<string>();
  const label = intl.formatMessage({ id: 'dashboard.farm.picture' });

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(undefined);
    try {
      toast('success', (await withLoading(set.mutateAsync({ id: entry.id, file }))).message);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) setError(failure.firstMessages().image);
    }
  };

  return (
    <Group align="end" wrap="wrap" data-testid="entry-picture">
      {entry.image && <Image src={entry.image.replace('-large.', '-thumb.')} alt="" w={64} h={64} radius="sm" />}
      <FileInput
        label={label}
        accept="image/jpeg,image/png,image/webp,image/gif"
        clearable={false}
        value={null}
        placeholder={intl.formatMessage({
          id: entry.image ? 'dashboard.farm.picture_replace' : 'dashboard.farm.picture_choose',
        })}
        onChange={(file) => void upload(file)}
        error={error}
      />
      {entry.image && (
        <DeleteButton
          name={label}
          onConfirm={() => remove.mutate(entry.id, { onSuccess: (answer) => toast('success', answer.message) })}
        />
      )}
    </Group>
  );
}
