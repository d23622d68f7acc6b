import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useAttemptKey } from '../../shared/api/attempt';
import { answer, api } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { session } from '../../shared/session/session';

/** The client's points: balance, rules, last coupon, next expiry and a page of the ledger. */
export type PointsAnswer = components['schemas']['PointsResponse'];
/** A row of the ledger. */
export type LedgerEntry = components['schemas']['LedgerEntryData'];
/** What some points buy. */
export type PointsRule = components['schemas']['PointsRuleData'];
/** What an exchange answers. */
export type ExchangeAnswer = components['schemas']['ExchangeResponse'];

/** The client's points, with a page of the ledger; the points mirror follows the balance. */
export const pointsQueries = {
  mine: (page: number) =>
    queryOptions({
      queryKey: ['points', page],
      queryFn: async () => {
        const points = await answer(api.GET('/api/points', { params: { query: { page: String(page) } } }));
        session.setPoints(points.data.balance);
        return points;
      },
      placeholderData: keepPreviousData,
    }),
};

/** Spends a rule's points on a coupon under one `Idempotency-Key` per attempt, so a double click
 * or a retry on a weak network never spends them twice; the points reload after it. */
export function useExchange() {
  const client = useQueryClient();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (rule: PointsRule) => {
      const body = { rule_id: rule.id };
      return attempt.send(body, (key) =>
        answer(api.POST('/api/points/exchange', { body, params: { header: { 'Idempotency-Key': key } } })),
      );
    },
    onSuccess: (answer) => {
      session.setPoints(answer.data.balance);
      return client.invalidateQueries({ queryKey: ['points'] });
    },
  });
}
