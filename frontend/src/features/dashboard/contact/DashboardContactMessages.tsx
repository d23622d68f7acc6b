import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { DeleteButton } from '../DeleteButton';
import { contactMessageQueries, useDeleteMessage, useMarkHandled, type ContactFilter } from './api';
import { ListPages, SearchBox, useListState } from '../FormParts';
import { MOMENT } from '../../../shared/format';

/** Messages from the contact page: search, new or answered, pages; mark answered or remove. */
export function DashboardContactMessages() {
  const intl = useIntl();
  const { user } = useSession();
  const { typed, search, page, setPage, type, filter, setFilter } = useListState({ status: 'new' });
  const status = filter('status') as ContactFilter['status'];
  const messages = useQuery(contactMessageQueries.list({ search, status, page })).data;
  const handle = useMarkHandled();
  const remove = useDeleteMessage();
  const done = (answer: { message: string }) => toast('success', answer.message);

  return (
    <Stack gap="md">
      <Title order={2}>{intl.formatMessage({ id: 'dashboard.contact.title' })}</Title>
      <Group align="end" wrap="wrap">
        <SearchBox value={typed} onChange={type} label={intl.formatMessage({ id: 'dashboard.contact.search' })} />
        <SegmentedControl
          value={status}
          onChange={(value) => setFilter('status', value)}
          data={[
            { value: 'new', label: intl.formatMessage({ id: 'dashboard.contact.status.new' }) },
            { value: 'handled', label: intl.formatMessage({ id: 'dashboard.contact.status.handled' }) },
            { value: '', label: intl.formatMessage({ id: 'dashboard.contact.status.all' }) },
          ]}
          data-testid="contact-status"
        />
      </Group>
      {messages?.data.length === 0 && <Text c="dimmed">{intl.formatMessage({ id: 'dashboard.contact.empty' })}</Text>}
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="sm">
          <Table.Tbody>
            {messages?.data.map((message) => (
              <Table.Tr key={message.id} data-testid="contact-message-row">
                <Table.Td>
                  <Text fw={600}>{message.name}</Text>
                  {message.phone && (
                    <Anchor href={`tel:${message.phone}`} size="sm" dir="ltr">
                      {message.phone}
                    </Anchor>
                  )}
                  {message.email && (
                    <Anchor href={`mailto:${message.email}`} size="sm" dir="ltr" display="block">
                      {message.email}
                    </Anchor>
                  )}
                </Table.Td>
                {/* As the visitor wrote it, digits and all. */}
                <Table.Td style={{ whiteSpace: 'pre-line' }} data-typed>
                  {message.message}
                </Table.Td>
                <Table.Td>
                  <FormattedDate value={message.created_at} {...MOMENT} />
                </Table.Td>
                <Table.Td>
                  <Badge color={message.status === 'new' ? 'orange' : 'green'}>
                    {intl.formatMessage({
                      id:
                        message.status === 'new' ? 'dashboard.contact.status.new' : 'dashboard.contact.status.handled',
                    })}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {hasPermission(user, 'contact-edit') && message.status === 'new' && (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => handle.mutate(message.id, { onSuccess: done })}
                        data-testid="contact-handled"
                      >
                        {intl.formatMessage({ id: 'dashboard.contact.mark_handled' })}
                      </Button>
                    )}
                    {hasPermission(user, 'contact-delete') && (
                      <DeleteButton
                        name={message.name}
                        onConfirm={() => remove.mutate(message.id, { onSuccess: done })}
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPages lastPage={messages?.meta.last_page} page={page} onChange={setPage} />
      <Text size="sm" c="dimmed">
        <FormattedMessage id="dashboard.contact.total" values={{ count: messages?.meta.total ?? 0 }} />
      </Text>
    </Stack>
  );
}
