import { useState } from 'react';
import { Anchor, Badge, Button, Chip, Group, Paper, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { useLanguage } from '../../../shared/i18n/LanguageProvider';
import { InvoiceButton } from '../../../shared/orders/InvoiceButton';
import { OrderOutcome } from '../../../shared/orders/OrderOutcome';
import { OrderSummary } from '../../../shared/orders/OrderSummary';
import { PhoneStanding } from '../phones/PhoneStanding';
import { OrderCourier } from './OrderCourier';
import { OrderLinesEditor } from './OrderLinesEditor';
import { OrderPartialDelivery } from './OrderPartialDelivery';
import { OrderUndo } from './OrderUndo';
import { OrderReturnsDesk } from './OrderReturnsDesk';
import { hasPermission, useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { MOMENT } from '../../../shared/format';
import { useBuyerWhatsApp } from './whatsapp';
import {
  MOVE_QUESTIONS,
  listRoute,
  staffInvoice,
  staffOrderQueries,
  useOrderChanges,
  type Audience,
  type StaffOrder,
} from './api';

// Written out so the message-id test sees every id.
const MOVE_LABELS: Record<string, string> = {
  on_delivery: 'dashboard.orders.to_on_delivery',
  delivered: 'dashboard.orders.to_delivered',
  cancelled: 'dashboard.orders.to_cancelled',
};
const CONFIRMED_VIA: Record<string, string> = {
  link: 'dashboard.orders.via.link',
  call: 'dashboard.orders.via.call',
  whatsapp: 'dashboard.orders.via.whatsapp',
  trusted: 'dashboard.orders.via.trusted',
  sales: 'dashboard.orders.via.sales',
  before: 'dashboard.orders.via.before',
};
const CONFIRM_BUTTONS = {
  call: 'dashboard.orders.confirm_call',
  whatsapp: 'dashboard.orders.confirm_whatsapp',
} as const;
// What staff record of a parcel on delivery that did not reach its buyer.
const OUTCOMES = {
  attempt: { label: 'dashboard.orders.delivery_failed', question: 'dashboard.orders.confirm_delivery_failed' },
  refusal: { label: 'dashboard.orders.refused', question: 'dashboard.orders.confirm_refused' },
} as const;
const STATUS_LABELS: Record<string, string> = {
  new: 'orders.filter.new',
  on_delivery: 'orders.filter.on_delivery',
  delivered: 'orders.filter.delivered',
  cancelled: 'orders.filter.cancelled',
};

/** One order for staff (`/dashboard/orders-actions?id=`, `&list=guest` for a guest order): the
 * order, who to call, its history, staff notes, the status moves allowed now, the invoice and
 * printing. */
/** Why a delivery fails or a parcel comes back, as couriers say it most (the message ids). */
const USUAL_REASONS = [
  'dashboard.orders.reason.phone_off',
  'dashboard.orders.reason.address_unclear',
  'dashboard.orders.reason.buyer_absent',
  'dashboard.orders.reason.refused',
];

export function OrdersActions() {
  const intl = useIntl();
  const buyerWhatsApp = useBuyerWhatsApp();
  const { language } = useLanguage();
  const { user } = useSession();
  const [params] = useSearchParams();
  const audience: Audience = params.get('list') === 'guest' ? 'guest-orders' : 'orders';
  const id = params.get('id') ?? '';
  const order = useQuery(staffOrderQueries.one(audience, language, id)).data?.data;
  const changes = useOrderChanges(audience);
  const [note, setNote] = useState('');
  const [reasonNeeded, setReasonNeeded] = useState(false);
  const [staffNote, setStaffNote] = useState('');
  const mayMove = hasPermission(user, audience === 'guest-orders' ? 'guest-order-edit' : 'order-status');
  const mayNote = hasPermission(user, audience === 'guest-orders' ? 'guest-order-edit' : 'order-edit');
  if (!order) return null;

  const moveTo = (status: string) => {
    const question = MOVE_QUESTIONS[status];
    if (question && !window.confirm(intl.formatMessage({ id: question }, { number: order.number }))) return;
    changes.status.mutate(
      { id: order.id, status, note },
      {
        onSuccess: (answer) => {
          toast('success', answer.message ?? '');
          setNote('');
        },
      },
    );
  };

  // A failed attempt or a refusal is kept with its reason: the note above the buttons.
  const record = (outcome: keyof typeof OUTCOMES) => {
    if (!note.trim()) {
      setReasonNeeded(true);
      return;
    }
    if (!window.confirm(intl.formatMessage({ id: OUTCOMES[outcome].question }, { number: order.number }))) return;
    changes.outcome.mutate(
      { id: order.id, outcome, reason: note },
      {
        onSuccess: (answer) => {
          toast('success', answer.message ?? '');
          setNote('');
        },
      },
    );
  };

  return (
    <Stack gap="md" className="printable">
      <Group justify="space-between" wrap="wrap" className="no-print">
        <Anchor component={Link} to={listRoute(audience, '')}>
          <FormattedMessage
            id={audience === 'guest-orders' ? 'dashboard.orders.guest_title' : 'dashboard.orders.title'}
          />
        </Anchor>
        <Group gap="xs">
          <InvoiceButton invoice={staffInvoice(audience, order.id)} number={order.number} />
          <Button variant="default" size="compact-md" onClick={() => window.print()}>
            <FormattedMessage id="dashboard.orders.print" />
          </Button>
        </Group>
      </Group>
      {/* Who to call and the confirm buttons first, above the lines: on a phone the call, the
          WhatsApp message and the tap that records it are one screen. */}
      <Paper withBorder p="md" data-testid="order-contact" className="no-print">
        <Stack gap="xs">
          <Text size="sm">
            <FormattedMessage id="dashboard.orders.customer" values={{ name: order.customer.name }} />{' '}
            <bdi dir="ltr">{order.customer.phone}</bdi>
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button component="a" href={`tel:${order.customer.phone}`} variant="light" data-testid="call-customer">
              <FormattedMessage id="dashboard.orders.call" />
            </Button>
            <Button
              component="a"
              variant="light"
              color="green"
              href={buyerWhatsApp(order)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="whatsapp-customer"
            >
              <FormattedMessage id="dashboard.orders.whatsapp" />
            </Button>
          </Group>
          <OrderConfirmation
            order={order}
            mayConfirm={mayMove}
            onConfirm={(via) =>
              changes.confirm.mutate(
                { id: order.id, via },
                { onSuccess: (answer) => toast('success', answer.message ?? '') },
              )
            }
            pending={changes.confirm.isPending}
          />
        </Stack>
      </Paper>
      <OrderSummary order={order}>
        {order.phone_history && <PhoneStanding phone={order.customer.phone} history={order.phone_history} />}
        {order.receiver_phone && (
          <Anchor href={`tel:${order.receiver_phone}`} size="sm" dir="ltr">
            {order.receiver_phone}
          </Anchor>
        )}
        {order.notes && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <FormattedMessage id="dashboard.orders.buyer_notes" values={{ notes: order.notes }} />
          </Text>
        )}
        {order.safety_acknowledged && (
          <Text size="sm" c="orange.8" fw={600} data-testid="safety-acknowledged">
            <FormattedMessage id="dashboard.orders.safety_acknowledged" />
          </Text>
        )}
        {order.items.some((item) => item.batches.length > 0) && (
          <Text size="sm" data-testid="order-batches">
            <FormattedMessage
              id="dashboard.orders.batches"
              values={{
                batches: order.items
                  .flatMap((item) =>
                    item.batches.map(
                      (batch) => `${item.name}: ${batch.batch} (${batch.expires_on}) × ${batch.quantity}`,
                    ),
                  )
                  .join(' · '),
              }}
            />
          </Text>
        )}
        {order.sales_engineer && (
          <Text size="sm">
            <FormattedMessage id="dashboard.orders.sales_engineer" values={{ name: order.sales_engineer.name ?? '' }} />
          </Text>
        )}
        <OrderOutcome order={order} />
      </OrderSummary>
      {mayNote && <OrderLinesEditor audience={audience} order={order} />}
      {mayMove && <OrderPartialDelivery audience={audience} order={order} />}
      {mayMove && <OrderUndo audience={audience} order={order} />}
      <OrderCourier audience={audience} order={order} mayMove={mayMove} />
      <OrderReturnsDesk audience={audience} order={order} mayMove={mayMove} />
      {mayMove && order.next_statuses.length > 0 && (
        <Paper withBorder p="md" className="no-print">
          <Stack gap="sm">
            {order.status === 'on_delivery' && (
              // The courier's usual words, one tap each; anything else is typed below.
              <Group gap="xs" data-testid="usual-reasons">
                {USUAL_REASONS.map((reason) => (
                  <Chip
                    key={reason}
                    size="sm"
                    checked={note === intl.formatMessage({ id: reason })}
                    onChange={() => {
                      setNote(intl.formatMessage({ id: reason }));
                      setReasonNeeded(false);
                    }}
                  >
                    <FormattedMessage id={reason} />
                  </Chip>
                ))}
              </Group>
            )}
            <Textarea
              label={intl.formatMessage({ id: 'dashboard.orders.move_note' })}
              value={note}
              onChange={(event) => {
                setNote(event.currentTarget.value);
                setReasonNeeded(false);
              }}
              error={reasonNeeded && intl.formatMessage({ id: 'dashboard.orders.reason_needed' })}
              maxLength={2000}
              autosize
            />
            <Group gap="xs">
              {order.next_statuses.map((status) => (
                <Button
                  key={status}
                  color={status === 'cancelled' ? 'red.9' : undefined}
                  variant={status === 'cancelled' ? 'outline' : 'filled'}
                  loading={changes.status.isPending}
                  onClick={() => moveTo(status)}
                  data-testid={`move-${status}`}
                >
                  <FormattedMessage id={MOVE_LABELS[status]} />
                </Button>
              ))}
              {order.status === 'on_delivery' &&
                (Object.keys(OUTCOMES) as Array<keyof typeof OUTCOMES>).map((outcome) => (
                  <Button
                    key={outcome}
                    color="orange.9"
                    loading={changes.outcome.isPending}
                    onClick={() => record(outcome)}
                    data-testid={`record-${outcome}`}
                  >
                    <FormattedMessage id={OUTCOMES[outcome].label} />
                  </Button>
                ))}
            </Group>
          </Stack>
        </Paper>
      )}
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          <FormattedMessage id="dashboard.orders.history" />
        </Title>
        {/* The order's whole story: placed, confirmed, moved, attempts, lines, returns, each with
            who and when. An order from before the story was kept shows its moves alone. */}
        <Timeline
          active={(order.story.length || order.history.length) - 1}
          bulletSize={14}
          lineWidth={2}
          data-testid="order-story"
        >
          {order.story.length > 0
            ? order.story.map((line, index) => (
                <Timeline.Item key={index} title={line.text} data-testid="history-item">
                  <Text size="xs" c="dimmed">
                    <FormattedDate value={line.at} {...MOMENT} />
                    {line.name && ` · ${line.name}`}
                  </Text>
                  {line.note && <Text size="sm">{line.note}</Text>}
                </Timeline.Item>
              ))
            : order.history.map((change, index) => (
                <Timeline.Item
                  key={index}
                  title={intl.formatMessage({ id: STATUS_LABELS[change.to] })}
                  data-testid="history-item"
                >
                  <Text size="xs" c="dimmed">
                    <FormattedDate value={change.at} {...MOMENT} />
                  </Text>
                  {change.note && <Text size="sm">{change.note}</Text>}
                </Timeline.Item>
              ))}
        </Timeline>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>
            <FormattedMessage id="dashboard.orders.staff_notes" />
          </Title>
          {order.staff_notes.map((staff, index) => (
            <Stack key={index} gap={0} data-testid="staff-note">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {staff.body}
              </Text>
              <Text size="xs" c="dimmed">
                {staff.author_name} · <FormattedDate value={staff.at} {...MOMENT} />
              </Text>
            </Stack>
          ))}
          {mayNote && (
            <Group align="end" className="no-print">
              <Textarea
                style={{ flex: 1 }}
                label={intl.formatMessage({ id: 'dashboard.orders.add_note' })}
                value={staffNote}
                onChange={(event) => setStaffNote(event.currentTarget.value)}
                maxLength={2000}
                autosize
              />
              <Button
                disabled={!staffNote.trim()}
                loading={changes.note.isPending}
                onClick={() =>
                  changes.note.mutate(
                    { id: order.id, note: staffNote },
                    {
                      onSuccess: (answer) => {
                        toast('success', answer.message ?? '');
                        setStaffNote('');
                      },
                    },
                  )
                }
                data-testid="add-note"
              >
                <FormattedMessage id="dashboard.orders.save_note" />
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Whether the buyer was found to mean the order: awaiting, with the buttons that record a
 * call's or a WhatsApp chat's confirmation, or how and when it was confirmed. */
function OrderConfirmation({
  order,
  mayConfirm,
  onConfirm,
  pending,
}: {
  order: StaffOrder;
  mayConfirm: boolean;
  onConfirm: (via: 'call' | 'whatsapp') => void;
  pending: boolean;
}) {
  const { confirmation } = order;
  if (confirmation.state === 'none') return null;
  if (confirmation.state === 'confirmed') {
    return (
      <Text size="sm" data-testid="order-confirmation">
        <FormattedMessage
          id="dashboard.orders.confirmed_via"
          values={{
            via: <FormattedMessage id={CONFIRMED_VIA[confirmation.via ?? 'before'] ?? CONFIRMED_VIA.before} />,
            at: confirmation.at ? <FormattedDate value={confirmation.at} {...MOMENT} /> : '',
          }}
        />
      </Text>
    );
  }
  return (
    <Group gap="xs" data-testid="order-confirmation">
      <Badge color="yellow">
        <FormattedMessage id="dashboard.orders.awaiting_confirmation" />
      </Badge>
      {mayConfirm &&
        (Object.keys(CONFIRM_BUTTONS) as Array<keyof typeof CONFIRM_BUTTONS>).map((via) => (
          <Button
            key={via}
            size="compact-sm"
            variant="light"
            loading={pending}
            onClick={() => onConfirm(via)}
            data-testid={`confirm-${via}`}
            className="no-print"
          >
            <FormattedMessage id={CONFIRM_BUTTONS[via]} />
          </Button>
        ))}
    </Group>
  );
}
