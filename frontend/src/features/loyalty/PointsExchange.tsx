import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { settingsQueries } from '../../shared/api/settings';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { DAY, usePrice } from '../../shared/format';
import { withLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { pointsQueries, useExchange, type LedgerEntry, type PointsRule } from './api';
import { Pages } from '../../shared/ui/mantine/Pages';

// Written out so the message-id test sees every id.
const KIND_LABELS: Record<string, string> = {
  earn: 'points.kind.earn',
  exchange: 'points.kind.exchange',
  adjust: 'points.kind.adjust',
  expire: 'points.kind.expire',
  return: 'points.kind.return',
  repay: 'points.kind.repay',
  undo: 'points.kind.undo',
};

/** A coupon's code with a copy button. */
function CouponCode({ code }: { code: string }) {
  const intl = useIntl();
  const clipboard = useClipboard();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fw={700} ff="monospace" dir="ltr" data-testid="coupon-code">
        {code}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => {
          clipboard.copy(code);
          toast('success', intl.formatMessage({ id: 'points.copied' }));
        }}
      >
        <FormattedMessage id="points.copy" />
      </Button>
    </Group>
  );
}

/** What a ledger row was, in the page's language. */
function entryText(entry: LedgerEntry, format: (id: string, values: Record<string, string>) => string) {
  return format(KIND_LABELS[entry.kind] ?? 'points.kind.adjust', { note: entry.note });
}

/** The client's points (`/account/points-exchange`): the balance and what expires next, each
 * exchange rule as a card with its button (asking first), the coupon bought with its copy
 * button, the last coupon, and the ledger's history. */
export function PointsExchange() {
  const intl = useIntl();
  const price = usePrice();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const points = useQuery(pointsQueries.mine(page)).data;
  const { language } = useLanguage();
  const rate = useQuery(settingsQueries.public(language)).data?.data.points_earn_rate;
  const exchange = useExchange();
  const [asking, setAsking] = useState<PointsRule | null>(null);
  const data = points?.data;
  const balance = data?.balance ?? 0;

  const confirm = async () => {
    if (!asking) return;
    const rule = asking;
    setAsking(null);
    try {
      const answer = await withLoading(exchange.mutateAsync(rule));
      toast('success', answer.message);
      toast(
        'success',
        intl.formatMessage(
          { id: 'points.exchanged' },
          { points: answer.data.points, discount: answer.data.coupon.discount },
        ),
      );
    } catch {
      // The client's error catalogue has said why.
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="points.title" />
      </Title>
      <Card withBorder padding="md">
        <Stack gap={4}>
          <Text c="dimmed">
            <FormattedMessage id="points.balance" />
          </Text>
          {data && (
            <Text fz={32} fw={700} data-testid="points-balance">
              <FormattedMessage id="points.balance_value" values={{ points: balance }} />
            </Text>
          )}
          {rate !== undefined && (
            <Text size="sm">
              <FormattedMessage id="points.earn_rule" values={{ rate: price(rate) }} />
            </Text>
          )}
          {!!data?.debt && (
            <Text size="sm" c="red.9" data-testid="points-debt">
              <FormattedMessage id="points.debt" values={{ points: data.debt }} />
            </Text>
          )}
          {data?.next_expiry && (
            <Text size="sm" c="orange.9" data-testid="points-next-expiry">
              <BalanceExpiry
                balance={data.balance}
                next={data.next_expiry}
                last={data.last_expiry ?? data.next_expiry}
                expiring={data.expiring}
              />
            </Text>
          )}
        </Stack>
      </Card>

      {exchange.data && (
        <Card withBorder padding="md" bg="green.0" data-testid="new-coupon">
          <Stack gap="xs">
            <Text fw={600}>
              <FormattedMessage id="points.new_coupon" values={{ discount: exchange.data.data.coupon.discount }} />
            </Text>
            <CouponCode code={exchange.data.data.coupon.code} />
          </Stack>
        </Card>
      )}

      <Title order={3}>
        <FormattedMessage id="points.rules" />
      </Title>
      {data && data.rules.length === 0 && (
        <Text>
          <FormattedMessage id="points.no_rules" />
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {data?.rules.map((rule) => (
          <Card key={rule.id} withBorder padding="md" data-testid="points-rule">
            <Stack gap="xs">
              <Text fz={24} fw={700}>
                <FormattedMessage id="points.rule_discount" values={{ discount: rule.discount }} />
              </Text>
              <Text>
                <FormattedMessage id="points.rule_cost" values={{ points: rule.points }} />
              </Text>
              {balance < rule.points && (
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="points.missing" values={{ missing: rule.points - balance }} />
                </Text>
              )}
              <Button disabled={balance < rule.points} onClick={() => setAsking(rule)}>
                <FormattedMessage id="points.exchange" />
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      {data?.last_coupon && (
        <Card withBorder padding="md" data-testid="last-coupon">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>
                <FormattedMessage id="points.last_coupon" />
              </Text>
              <Badge color={data.last_coupon.used ? 'gray.7' : 'green'}>
                <FormattedMessage id={data.last_coupon.used ? 'points.coupon_used' : 'points.coupon_unused'} />
              </Badge>
            </Group>
            <CouponCode code={data.last_coupon.code} />
            <Text size="sm">
              <FormattedMessage id="points.coupon_discount" values={{ discount: data.last_coupon.discount }} />
            </Text>
            <Text size="sm" c="dimmed">
              <FormattedMessage
                id="points.coupon_expires"
                values={{
                  date: intl.formatDate(data.last_coupon.expires_at, DAY),
                }}
              />
            </Text>
          </Stack>
        </Card>
      )}

      <Title order={3}>
        <FormattedMessage id="points.history" />
      </Title>
      {data && data.ledger.length === 0 ? (
        <Text>
          <FormattedMessage id="points.none" />
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Tbody>
              {data?.ledger.map((entry) => (
                <Table.Tr key={entry.id} data-testid="points-entry">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <FormattedDate value={entry.at} {...DAY} />
                  </Table.Td>
                  <Table.Td>{entryText(entry, (id, values) => intl.formatMessage({ id }, values))}</Table.Td>
                  <Table.Td
                    dir="ltr"
                    c={entry.points > 0 ? 'green.9' : 'red.9'}
                    fw={600}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {entry.points > 0 ? '+' : ''}
                    {intl.formatNumber(entry.points)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pages
        total={points?.meta.last_page}
        value={page}
        onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
      />

      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={intl.formatMessage({ id: 'points.confirm_title' })}
      >
        <Stack gap="md">
          <Text>
            <FormattedMessage
              id="points.confirm"
              values={{ points: asking?.points ?? 0, discount: asking?.discount ?? 0 }}
            />
          </Text>
          <Group justify="end">
            <Button variant="default" onClick={() => setAsking(null)}>
              <FormattedMessage id="points.cancel" />
            </Button>
            <Button onClick={confirm} data-testid="confirm-exchange">
              <FormattedMessage id="points.confirm_yes" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** When the whole balance expires, in one sentence: all on one day, or what goes next, the
 * rest by when, and what never does. */
function BalanceExpiry({
  balance,
  next,
  last,
  expiring,
}: {
  balance: number;
  next: { points: number; at: string };
  last: { points: number; at: string };
  expiring: number;
}) {
  const intl = useIntl();
  const day = (at: string) => intl.formatDate(at, DAY);
  if (next.at === last.at && expiring === balance) {
    return <FormattedMessage id="points.expiry_all" values={{ points: balance, date: day(next.at) }} />;
  }
  return (
    <FormattedMessage
      id="points.expiry_split"
      values={{
        balance,
        next: next.points,
        date: day(next.at),
        later: expiring - next.points,
        last: day(last.at),
        never: balance - expiring,
      }}
    />
  );
}
