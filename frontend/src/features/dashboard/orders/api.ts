import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** An order as staff see it. */
export type StaffOrder = components['schemas']['StaffOrderData'];
type StaffOrderList = components['schemas']['StaffOrderList'];
type StaffOrderResponse = components['schemas']['StaffOrderResponse'];
type BulkStatusResponse = components['schemas']['BulkStatusResponse'];

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
  page: number;
}

/** The query string of a list's filters, blanks left out. */
export function filterQuery(filter: Omit<OrderFilter, 'page'> & { page?: number }): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== '' && value !== undefined && !(name === 'page' && value === 1)) query.set(name, String(value));
  }
  return query.toString();
}

/** Staff's order calls; lists refresh every 30 seconds, like the bell. */
export const staffOrderQueries = {
  list: (audience: Audience, language: string, filter: OrderFilter) =>
    queryOptions({
      queryKey: ['dashboard', audience, language, filter],
      queryFn: () => api<StaffOrderList>('GET', `dashboard/${audience}?${filterQuery(filter)}`),
      placeholderData: (previous) => previous,
      refetchInterval: 30_000,
    }),
  one: (audience: Audience, language: string, id: string) =>
    queryOptions({
      queryKey: ['dashboard', audience, language, 'one', id],
      queryFn: () => api<StaffOrderResponse>('GET', `dashboard/${audience}/${id}`),
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
        api<StaffOrderResponse>('POST', `dashboard/${audience}/${id}/status`, {
          body: { status, note: note.trim() || null },
        }),
      onSuccess: reload,
    }),
    bulk: useMutation({
      mutationFn: ({ ids, status }: { ids: number[]; status: string }) =>
        api<BulkStatusResponse>('POST', `dashboard/${audience}/bulk-status`, { body: { ids, status } }),
      onSuccess: reload,
    }),
    note: useMutation({
      mutationFn: ({ id, note }: { id: number; note: string }) =>
        api<StaffOrderResponse>('POST', `dashboard/${audience}/${id}/notes`, { body: { note } }),
      onSuccess: reload,
    }),
  };
}
