import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { typedWholeNumber } from '../../../shared/digits';
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
      queryFn: () => answer(api.GET('/api/dashboard/points-rules')),
    }),
  rule: (id: string) =>
    queryOptions({
      queryKey: ['dashboard', 'points', 'rules', id],
      queryFn: () => answer(api.GET('/api/dashboard/points-rules/{id}', { params: { path: { id: Number(id) } } })),
    }),
  clients: (search: string, page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'points', 'clients', search, page],
      queryFn: () =>
        answer(api.GET('/api/dashboard/user-points', { params: { query: { search, page: String(page) } } })),
      placeholderData: (previous) => previous,
    }),
  client: (id: string, page: number) =>
    queryOptions({
      queryKey: ['dashboard', 'points', 'client', id, page],
      queryFn: () =>
        answer(
          api.GET('/api/dashboard/user-points/{user_id}', {
            params: { path: { user_id: Number(id) }, query: { page: String(page) } },
          }),
        ),
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
  return usePointsChange(({ id, values }: { id: string | null; values: RuleFormValues }) => {
    const body = {
      points: typedWholeNumber(values.points),
      discount: typedWholeNumber(values.discount),
      active: values.active,
    };
    return answer(
      id
        ? api.PUT('/api/dashboard/points-rules/{id}', { params: { path: { id: Number(id) } }, body })
        : api.POST('/api/dashboard/points-rules', { body }),
    );
  });
}

/** Removes a rule. */
export function useDeleteRule() {
  return usePointsChange((id: number) =>
    answer(api.DELETE('/api/dashboard/points-rules/{id}', { params: { path: { id } } })),
  );
}

/** Adds or takes a client's points with a reason. */
export function useAdjustPoints() {
  return usePointsChange(({ user, values }: { user: string; values: AdjustFormValues }) =>
    answer(
      api.POST('/api/dashboard/user-points/{user_id}', {
        params: { path: { user_id: Number(user) } },
        body: { delta: typedWholeNumber(values.delta), reason: values.reason.trim() },
      }),
    ),
  );
}
