import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** An exchange rule as staff see it. */
export type StaffPointsRule = components['schemas']['StaffPointsRuleData'];
/** A client with their points. */
export type ClientPoints = components['schemas']['ClientPointsData'];
/** A client's points and a page of their ledger. */
export type ClientLedger = components['schemas']['ClientLedgerResponse'];

/** What the rule form holds. */
export interface RuleFormValues {
  points: string;
  discount: string;
  active: boolean;
}

/** What the adjustment form holds. */
export interface AdjustFormValues {
  delta: string;
  reason: string;
}

/** Staff's points calls. */
export const staffPointsQueries = {
  rules: () =>
    queryOptions({
      queryKey: ['dashboard', 'points', 'rules'],
      queryFn: () => api<{ data: StaffPointsRule[] }>('GET', 'dashboard/points-rules'),
    }),
  rule: (id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'points', 'rules', id],
      queryFn: () => api<{ data: StaffPointsRule }>('GET', `dashboard/points-rules/${id}`),
    }),
  clients: (search: string, page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'points', 'clients', search, page],
      queryFn: () =>
        api<{ data: ClientPoints[]; meta: { last_page: number; total: number } }>(
          'GET',
          `dashboard/user-points?${new URLSearchParams({ search, page: String(page) })}`,
        ),
      placeholderData: (previous) => previous,
    }),
  client: (id: string, page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'points', 'client', id, page],
      queryFn: () => api<ClientLedger>('GET', `dashboard/user-points/${id}?page=${page}`),
      placeholderData: (previous) => previous,
    }),
};

/** A change to the points; the rules and balances reload after it. */
function usePointsChange<T, R extends { message: string }>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard', 'points'] }),
  });
}

/** Adds a rule, or changes the one with `id`; the server reads Arabic-Indic digits. */
export function useSaveRule() {
  return usePointsChange(({ id, values }: { id: string | null; values: RuleFormValues }) =>
    api<{ message: string }>(id ? 'PUT' : 'POST', id ? `dashboard/points-rules/${id}` : 'dashboard/points-rules', {
      body: { points: values.points.trim(), discount: values.discount.trim(), active: values.active },
    }),
  );
}

/** Removes a rule. */
export function useDeleteRule() {
  return usePointsChange((id: number) => api<{ message: string }>('DELETE', `dashboard/points-rules/${id}`));
}

/** Adds or takes a client's points with a reason. */
export function useAdjustPoints() {
  return usePointsChange(({ user, values }: { user: string; values: AdjustFormValues }) =>
    api<{ message: string; data: { points: number } }>('POST', `dashboard/user-points/${user}`, {
      body: { delta: values.delta.trim(), reason: values.reason.trim() },
    }),
  );
}
