import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { showServerErrors } from '../../../shared/forms';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { ListPages, SaveButton } from '../FormParts';
import { searchSettingsQueries, useDeleteSynonyms, useForgetMiss, useSaveSynonyms } from './api';
import { DAY } from '../../../shared/format';

/** Staff's search settings: the shop's synonym groups (added, changed, removed) and the
 * searches that found nothing, each a click away from a synonym group that answers it. */
export function DashboardSearch() {
  const intl = useIntl();
  const { user } = useSession();
  const canEdit = hasPermission(user, 'setting-edit');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const synonyms = useQuery(searchSettingsQueries.synonyms()).data?.data ?? [];
  const misses = useQuery(searchSettingsQueries.misses(page)).data;
  const save = useSaveSynonyms();
  const remove = useDeleteSynonyms();
  const forget = useForgetMiss();
  const form = useForm({ initialValues: { members: '' } });

  const start = (id: number | null, members: string[]) => {
    setEditing(id);
    form.setValues({ members: members.join('\n') });
    form.clearErrors();
    document.getElementById('synonym-members')?.focus();
  };
  const submit = form.onSubmit(async ({ members }) => {
    try {
      const answer = await save.mutateAsync({ id: editing, members: members.split('\n') });
      toast('success', answer.message);
      start(null, []);
    } catch (error) {
      showServerErrors(form, error);
    }
  });
  const done = (answer: { message: string }) => toast('success', answer.message);

  return (
    <Stack gap="lg">
      <Title order={2}>
        <FormattedMessage id="dashboard.search.title" />
      </Title>
      <Section name="synonyms">
        {canEdit && (
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              <Textarea
                id="synonym-members"
                label={intl.formatMessage({
                  id: editing === null ? 'dashboard.search.new_group' : 'dashboard.search.edit_group',
                })}
                description={intl.formatMessage({ id: 'dashboard.search.one_per_line' })}
                autosize
                minRows={3}
                {...form.getInputProps('members')}
              />
              <Group>
                <SaveButton pending={save.isPending} />
                {editing !== null && (
                  <Button variant="subtle" onClick={() => start(null, [])}>
                    <FormattedMessage id="dashboard.search.cancel" />
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        )}
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Tbody>
              {synonyms.map((group) => (
                <Table.Tr key={group.id} data-testid="synonym-group">
                  <Table.Td>{group.members.join(' · ')}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap="xs" justify="end" wrap="nowrap">
                        <Button variant="subtle" size="compact-sm" onClick={() => start(group.id, group.members)}>
                          <FormattedMessage id="dashboard.search.edit" />
                        </Button>
                        <DeleteButton
                          name={group.members.join(' · ')}
                          onConfirm={() => remove.mutate(group.id, { onSuccess: done })}
                        />
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section name="misses">
        {misses?.data.length === 0 && (
          <Text data-testid="no-misses">
            <FormattedMessage id="dashboard.search.no_misses" />
          </Text>
        )}
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Tbody>
              {misses?.data.map((miss) => (
                <Table.Tr key={miss.id} data-testid="search-miss">
                  <Table.Td lang={miss.language}>{miss.text}</Table.Td>
                  <Table.Td>
                    <FormattedMessage id="dashboard.search.searches" values={{ count: miss.searches }} />
                  </Table.Td>
                  <Table.Td>
                    <FormattedDate value={miss.last_searched_at} {...DAY} />
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap="xs" justify="end" wrap="nowrap">
                        <Button variant="light" size="compact-sm" onClick={() => start(null, [miss.text, ''])}>
                          <FormattedMessage id="dashboard.search.add_synonym" />
                        </Button>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          onClick={() => forget.mutate(miss.id, { onSuccess: done })}
                        >
                          <FormattedMessage id="dashboard.search.forget" />
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPages lastPage={misses?.meta.last_page} page={page} onChange={setPage} />
      </Section>
    </Stack>
  );
}

/** One part of the screen: its heading and what it is for, then its content. */
function Section({ name, children }: { name: 'synonyms' | 'misses'; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${name}-title`}>
      <Title order={3} id={`${name}-title`}>
        <FormattedMessage id={`dashboard.search.${name}`} />
      </Title>
      <Text size="sm" c="dimmed">
        <FormattedMessage id={`dashboard.search.${name}_help`} />
      </Text>
      {children}
    </Stack>
  );
}
