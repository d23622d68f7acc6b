import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** An order as staff see it. */
export type StaffOrder = components['schemas']['StaffOrderData'];

/** Clients' orders or orders without an account: the API's two lists. */
export type Audience = 'orders' | 'guest-orders';

/** What a dashboard order route shows: its list, and the status or source it is fixed to. */
export interface OrderList {
  audience: Audience;
  status: string;
  source: string;
  title: string;
}

// Written out so the message-id test sees every id.
/** The order routes of the spec's dashboard and what each shows. */
export const ORDER_LISTS: Record<string, OrderList> = {
  orders: { audience: 'orders', status: '', source: '', title: 'dashboard.orders.title' },
  'new-orders': { audience: 'orders', status: 'new', source: '', title: 'dashboard.orders.title_new' },
  'on-delivery-orders': {
    audience: 'orders',
    status: 'on_delivery',
    source: '',
    title: 'dashboard.orders.title_on_delivery',
  },
  'delivered-orders': {
    audience: 'orders',
    status: 'delivered',
    source: '',
    title: 'dashboard.orders.title_delivered',
  },
  'cancelled-orders': {
    audience: 'orders',
    status: 'cancelled',
    source: '',
    title: 'dashboard.orders.title_cancelled',
  },
  'sales-orders': { audience: 'orders', status: '', source: 'sales', title: 'dashboard.orders.title_sales' },
  'guest-orders': { audience: 'guest-orders', status: '', source: '', title: 'dashboard.orders.guest_title' },
  'new-guest-orders': {
    audience: 'guest-orders',
    status: 'new',
    source: '',
    title: 'dashboard.orders.guest_title_new',
  },
  'on-delivery-guest-orders': {
    audience: 'guest-orders',
    status: 'on_delivery',
    source: '',
    title: 'dashboard.orders.guest_title_on_delivery',
  },
  'delivered-guest-orders': {
    audience: 'guest-orders',
    status: 'delivered',
    source: '',
    title: 'dashboard.orders.guest_title_delivered',
  },
  'cancelled-guest-orders': {
    audience: 'guest-orders',
    status: 'cancelled',
    source: '',
    title: 'dashboard.orders.guest_title_cancelled',
  },
};

// A tap on a phone is easily wrong: every move asks first, on the order's page and on a card.
// Written out so the message-id test sees every id.
/** The question each move asks before it is made. */
export const MOVE_QUESTIONS: Record<string, string> = {
  on_delivery: 'dashboard.orders.confirm_on_delivery',
  delivered: 'dashboard.orders.confirm_delivered',
  cancelled: 'dashboard.orders.confirm_cancel',
};

/** The route of a list's status tab (`''` for all). */
export function listRoute(audience: Audience, status: string): string {
  const base = audience === 'orders' ? 'orders' : 'guest-orders';
  return `/dashboard/${status ? `${status.replace('_', '-')}-` : ''}${base}`;
}

/** The page of one order. */
export function orderRoute(audience: Audience, id: number): string {
  return `/dashboard/orders-actions?id=${id}${audience === 'guest-orders' ? '&list=guest' : ''}`;
}

/** A list's filters, as the API reads them. */
export interface OrderFilter {
  status: string;
  source: string;
  city: string;
  from: string;
  to: string;
  search: string;
  /** One sales engineer's orders (from their profile); '' for all. */
  sales_engineer_id?: string;
  /** `awaiting`: only new orders awaiting their buyer's confirmation; '' for all. */
  confirmation?: string;
  page: number;
}

/** A list's filters as query parameters, blanks left out. */
function filterParams(filter: Omit<OrderFilter, 'page'> & { page?: number }): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filter)) {
    if (value !== '' && value !== undefined && !(name === 'page' && value === 1)) query[name] = String(value);
  }
  return query;
}

/** Staff's order calls; lists refresh every 30 seconds, like the bell. */
export const staffOrderQueries = {
  list: (audience: Audience, language: string, filter: OrderFilter) =>
    queryOptions({
      queryKey: ['dashboard', audience, language, filter],
      queryFn: () => answer(api.GET(`/api/dashboard/${audience}`, { params: { query: filterParams(filter) } })),
      placeholderData: (previous) => previous,
      refetchInterval: 30_000,
    }),
  one: (audience: Audience, language: string, id: string) =>
    queryOptions({
      queryKey: ['dashboard', audience, language, 'one', id],
      queryFn: () => answer(api.GET(`/api/dashboard/${audience}/{id}`, { params: { path: { id: Number(id) } } })),
      enabled: id !== '',
    }),
};

/** Staff's changes to orders; every list and order reloads after one. */
export function useOrderChanges(audience: Audience) {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: ['dashboard', audience] });
  return {
    status: useMutation({
      mutationFn: ({ id, status, note }: { id: number; status: string; note: string }) =>
        answer(
          api.POST(`/api/dashboard/${audience}/{id}/status`, {
            params: { path: { id } },
            body: { status, note: note.trim() || null },
          }),
        ),
      onSuccess: reload,
    }),
    bulk: useMutation({
      mutationFn: ({ ids, status }: { ids: number[]; status: string }) =>
        answer(api.POST(`/api/dashboard/${audience}/bulk-status`, { body: { ids, status } })),
      onSuccess: reload,
    }),
    confirm: useMutation({
      mutationFn: ({ id, via }: { id: number; via: 'call' | 'whatsapp' }) =>
        answer(api.POST(`/api/dashboard/${audience}/{id}/confirm`, { params: { path: { id } }, body: { via } })),
      onSuccess: reload,
    }),
    outcome: useMutation({
      mutationFn: ({ id, outcome, reason }: { id: number; outcome: 'attempt' | 'refusal'; reason: string }) =>
        answer(
          api.POST(
            outcome === 'attempt'
              ? `/api/dashboard/${audience}/{id}/delivery-attempts`
              : `/api/dashboard/${audience}/{id}/refusal`,
            {
              params: { path: { id } },
              body: { reason: reason.trim() },
            },
          ),
        ),
      onSuccess: reload,
    }),
    handOver: useMutation({
      mutationFn: ({ id, courier, courierName, tracking }: HandOverCall) =>
        answer(
          api.POST(`/api/dashboard/${audience}/{id}/shipment`, {
            params: { path: { id } },
            body: courier === 'manual' ? { courier, courier_name: courierName, tracking } : { courier },
          }),
          { silent: true },
        ),
      onSuccess: reload,
    }),
    refreshShipment: useMutation({
      mutationFn: (id: number) =>
        answer(api.POST(`/api/dashboard/${audience}/{id}/shipment/refresh`, { params: { path: { id } } })),
      onSuccess: reload,
    }),
    openReturn: useMutation({
      mutationFn: ({
        id,
        items,
        reason,
      }: {
        id: number;
        items: Array<{ id: number; quantity: number }>;
        reason: string;
      }) =>
        answer(
          api.POST(`/api/dashboard/${audience}/{id}/returns`, { params: { path: { id } }, body: { items, reason } }),
        ),
      onSuccess: reload,
    }),
    stepReturn: useMutation({
      mutationFn: ({ id, returnId, step, note, resaleable }: ReturnStepCall) =>
        answer(
          api.POST(`/api/dashboard/${audience}/{id}/returns/{return_id}/{step}`, {
            params: { path: { id, return_id: returnId, step } },
            body: { note: note?.trim() || null, resaleable: resaleable ?? null },
          }),
        ),
      onSuccess: reload,
    }),
    lines: useMutation({
      mutationFn: ({ id, items }: { id: number; items: Array<{ id: number; quantity: number }> }) =>
        answer(api.PUT(`/api/dashboard/${audience}/{id}/lines`, { params: { path: { id } }, body: { items } }), {
          silent: true,
        }),
      onSuccess: reload,
    }),
    partial: useMutation({
      mutationFn: ({
        id,
        items,
        reason,
      }: {
        id: number;
        items: Array<{ id: number; quantity: number }>;
        reason: string;
      }) =>
        answer(
          api.POST(`/api/dashboard/${audience}/{id}/partial-delivery`, {
            params: { path: { id } },
            body: { items, reason: reason.trim() },
          }),
          { silent: true },
        ),
      onSuccess: reload,
    }),
    undo: useMutation({
      mutationFn: (id: number) =>
        answer(api.POST(`/api/dashboard/${audience}/{id}/undo`, { params: { path: { id } } })),
      onSuccess: reload,
    }),
    note: useMutation({
      mutationFn: ({ id, note }: { id: number; note: string }) =>
        answer(api.POST(`/api/dashboard/${audience}/{id}/notes`, { params: { path: { id } }, body: { note } })),
      onSuccess: reload,
    }),
  };
}

/** A staff step on a return: approve, refuse (with why), receive (whether the units can be sold
 * again) or refund. */
export interface ReturnStepCall {
  id: number;
  returnId: number;
  step: 'approve' | 'refuse' | 'receive' | 'refund';
  note?: string;
  resaleable?: boolean;
}

/** Who takes an order's parcel: a courier company booked through its API, or the staff's own
 * courier with its name and tracking number. */
export interface HandOverCall {
  id: number;
  courier: string;
  courierName: string;
  tracking: string;
}

/** The couriers a parcel can be handed to; they change only with the server's settings. */
export const couriersQuery = queryOptions({
  queryKey: ['dashboard', 'couriers'],
  queryFn: () => answer(api.GET('/api/dashboard/couriers')),
  staleTime: Infinity,
});

/** The airway bill of a parcel booked with a courier company, from the courier. */
export const airwayBill = (audience: Audience, id: number) => () =>
  api.GET(`/api/dashboard/${audience}/{id}/airway-bill`, { params: { path: { id } }, parseAs: 'blob' });

/** An order's invoice as staff print it. */
export const staffInvoice = (audience: Audience, id: number) => () =>
  api.GET(`/api/dashboard/${audience}/{id}/invoice`, { params: { path: { id } }, parseAs: 'blob' });

/** A list's orders as a CSV file, under its filters. */
export const ordersExport = (audience: Audience, filter: Omit<OrderFilter, 'page'>) => () =>
  api.GET(`/api/dashboard/${audience}/export.csv`, { params: { query: filterParams(filter) }, parseAs: 'blob' });
