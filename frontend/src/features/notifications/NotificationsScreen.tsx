import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { toast } from '../../shared/ui/toast';
import { notificationQueries, useMarkAllRead, useMarkRead, type NotificationData } from './api';
import { Pages } from '../../shared/ui/mantine/Pages';
import { MOMENT } from '../../shared/format';

/** The notifications page (`/account/notifications`, `/dashboard/notifications`): newest first,
 * all or unread only; opening one marks it read and follows its link. */
export function NotificationsScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('unread') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(notificationQueries.page(language, unreadOnly, page)).data;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();

  const open = async (notification: NotificationData) => {
    if (!notification.read_at) await markRead.mutateAsync(notification.id).catch(() => undefined);
    if (notification.link.startsWith('/')) navigate(notification.link);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>
          <FormattedMessage id="notifications.title" />
        </Title>
        <Button
          variant="default"
          disabled={!list?.unread}
          onClick={() => markAll.mutate(undefined, { onSuccess: (answer) => toast('success', answer.message) })}
          data-testid="read-all"
        >
          <FormattedMessage id="notifications.read_all" />
        </Button>
      </Group>
      <SegmentedControl
        value={unreadOnly ? '1' : ''}
        onChange={(value) => setParams(value ? { unread: value } : {})}
        data={[
          { value: '', label: intl.formatMessage({ id: 'notifications.all' }) },
          { value: '1', label: intl.formatMessage({ id: 'notifications.unread' }, { count: list?.unread ?? 0 }) },
        ]}
      />
      {list?.data.length === 0 && (
        <Text c="dimmed" data-testid="notifications-empty">
          <FormattedMessage id="notifications.none" />
        </Text>
      )}
      {list?.data.map((notification) => (
        <Paper
          key={notification.id}
          withBorder
          p="sm"
          component="button"
          type="button"
          onClick={() => open(notification)}
          style={{ textAlign: 'start', cursor: 'pointer', borderInlineStartWidth: notification.read_at ? 1 : 4 }}
          data-testid="notification"
          data-unread={notification.read_at ? undefined : 'true'}
        >
          <Stack gap={2}>
            <Text fw={notification.read_at ? 400 : 700}>{notification.title}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {notification.body}
            </Text>
            <Text size="xs" c="dimmed">
              <FormattedDate value={notification.created_at} {...MOMENT} />
            </Text>
          </Stack>
        </Paper>
      ))}
      <Pages
        total={list?.meta.last_page}
        value={page}
        onChange={(next) => setParams({ ...(unreadOnly ? { unread: '1' } : {}), page: String(next) })}
      />
    </Stack>
  );
}
