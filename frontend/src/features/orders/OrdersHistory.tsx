import { useState } from 'react';
import { Alert, Button, Chip, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useLanguage } from '../../shared/i18n/LanguageProvider';
import { withLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import { ORDER_STATUSES, clientInvoice, orderQueries, useAskReturn, useCancelOrder, useConfirmOrder } from './api';
import { InvoiceButton } from '../../shared/orders/InvoiceButton';
import { OrderOutcome } from '../../shared/orders/OrderOutcome';
import { OrderReturns } from '../../shared/orders/OrderReturns';
import { OrderSummary } from '../../shared/orders/OrderSummary';
import { ReturnForm } from '../../shared/orders/ReturnForm';
import type { OrderData } from '../../shared/api/types';
import { Pages } from '../../shared/ui/mantine/Pages';
import { useAddLinesToServerCart } from '../../shared/cart/api';
import { DAY, MOMENT } from '../../shared/format';

const FILTER_LABELS: Record<string, string> = {
  '': 'orders.filter.all',
  new: 'orders.filter.new',
  on_delivery: 'orders.filter.on_delivery',
  delivered: 'orders.filter.delivered',
  cancelled: 'orders.filter.cancelled',
};

/** The client's orders (`/account/orders-history`), newest first, filtered by status; or, from a
 * notification's link (`?order=`), that one order with the way to all of them. */
export function OrdersHistory() {
  const [params] = useSearchParams();
  const one = Number.parseInt(params.get('order') ?? '', 10);
  return Number.isInteger(one) && one > 0 ? <OneOrder id={one} /> : <AllOrders />;
}

/** Every order, a page at a time, with the status tabs. */
function AllOrders() {
  const intl = useIntl();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const orders = useQuery(orderQueries.mine(language, status, page));

  const show = (next: { status?: string; page?: number }) => {
    const query = new URLSearchParams();
    const nextStatus = next.status ?? status;
    if (nextStatus) query.set('status', nextStatus);
    if ((next.page ?? 1) > 1) query.set('page', String(next.page));
    setParams(query);
  };

  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="orders.title" />
      </Title>
      {/* Chips that wrap: five statuses in one sliding row were cut off on a 360 px phone. */}
      <Chip.Group multiple={false} value={status} onChange={(value) => show({ status: value })}>
        <Group gap="xs" data-testid="orders-filter">
          {['', ...ORDER_STATUSES].map((value) => (
            <Chip key={value} value={value} size="md">
              {intl.formatMessage({ id: FILTER_LABELS[value] })}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {orders.isSuccess && orders.data.data.length === 0 && (
        <Stack gap="sm" align="start">
          <Text data-testid="orders-empty">
            <FormattedMessage id={status ? 'orders.none_in_status' : 'orders.none'} />
          </Text>
          <Button component={Link} to="/products" variant="default">
            <FormattedMessage id="cart.browse" />
          </Button>
        </Stack>
      )}
      {orders.data?.data.map((order) => (
        <HistoryOrder key={order.id} order={order} />
      ))}
      <Pages
        total={orders.data?.meta.last_page}
        value={orders.data?.meta.current_page ?? 1}
        onChange={(next) => show({ page: next })}
      />
    </Stack>
  );
}

/** The one order a notification speaks of, and the way to the others. */
function OneOrder({ id }: { id: number }) {
  const { language } = useLanguage();
  const order = useQuery(orderQueries.one(language, id)).data?.data;
  return (
    <Stack gap="md">
      <Title order={2}>
        <FormattedMessage id="orders.title" />
      </Title>
      <Button component={Link} to="/account/orders-history" variant="default" w="fit-content" data-testid="all-orders">
        <FormattedMessage id="orders.all" />
      </Button>
      {order && <HistoryOrder order={order} />}
    </Stack>
  );
}

/** Waits for an action on an order behind the loading bar and says the shop's answer; a
 * refusal the API client has already said. */
async function told(action: Promise<{ message: string }>) {
  try {
    toast('success', (await withLoading(action)).message);
  } catch {
    // The API client has already said why.
  }
}

/** An order of the history: its lines and totals, what became of it, its returns, the way to
 * ask for one while the shop's days to return it run, to order it again, its invoice, and a
 * cancel button while it is still new; while it awaits the client's confirmation, says so with
 * its deadline and a button that confirms it. */
function HistoryOrder({ order }: { order: OrderData }) {
  const intl = useIntl();
  const cancel = useCancelOrder();
  const confirm = useConfirmOrder();
  const deadline = order.confirmation.confirm_by;
  return (
    <OrderSummary order={order}>
      {deadline && (
        <Alert color="yellow" data-testid="awaiting-you">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              <FormattedMessage id="orders.awaiting_you" />{' '}
              <FormattedMessage id="orders.confirm_before" values={{ deadline: intl.formatDate(deadline, MOMENT) }} />
            </Text>
            <Button
              w="fit-content"
              data-testid="confirm-order"
              onClick={() => void told(confirm.mutateAsync(order.id))}
            >
              <FormattedMessage id="orders.confirm" />
            </Button>
          </Stack>
        </Alert>
      )}
      <OrderOutcome order={order} />
      <OrderReturns returns={order.returns} />
      {order.returnable_until && <AskReturn order={order} until={order.returnable_until} />}
      <Group justify="end">
        <OrderAgain order={order} />
        <InvoiceButton invoice={clientInvoice(order.id)} number={order.number} />
        {order.can_cancel && (
          <Button
            variant="outline"
            color="red.9"
            size="compact-md"
            onClick={() => {
              if (window.confirm(intl.formatMessage({ id: 'orders.confirm_cancel' }, { number: order.number })))
                void told(cancel.mutateAsync(order.id));
            }}
          >
            <FormattedMessage id="orders.cancel" />
          </Button>
        )}
      </Group>
    </OrderSummary>
  );
}

/** The way to ask for a return of a delivered order: until when, then the form on a tap. */
function AskReturn({ order, until }: { order: OrderData; until: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const ask = useAskReturn();
  return (
    <Stack gap="xs" data-testid="ask-return">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="orders.return.until" values={{ date: intl.formatDate(until, DAY) }} />
      </Text>
      {open ? (
        <ReturnForm
          order={order}
          submitLabel="orders.return.send"
          send={async (items, reason) => {
            try {
              const answer = await withLoading(ask.mutateAsync({ id: order.id, items, reason }));
              toast('success', answer.message);
              setOpen(false);
              return true;
            } catch {
              // The API client has already said why.
              return false;
            }
          }}
        />
      ) : (
        <div>
          <Button variant="default" onClick={() => setOpen(true)}>
            <FormattedMessage id="orders.return.ask" />
          </Button>
        </div>
      )}
    </Stack>
  );
}

/** Buys an order's products again: they go into the cart (those still sold, as many as are
 * left), which opens to check them before the checkout. */
function OrderAgain({ order }: { order: OrderData }) {
  const navigate = useNavigate();
  const add = useAddLinesToServerCart();
  const lines = order.items.flatMap((item) =>
    item.product_id == null ? [] : [{ id: item.product_id, quantity: item.quantity }],
  );
  if (lines.length === 0) return null;
  return (
    <Button
      variant="default"
      size="compact-md"
      loading={add.isPending}
      onClick={() => add.mutate(lines, { onSuccess: () => navigate('/cart') })}
      data-testid="order-again"
    >
      <FormattedMessage id="orders.again" />
    </Button>
  );
}
