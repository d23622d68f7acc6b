import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** The overview: cards and charts. */
export type OverviewData = components['schemas']['OverviewData'];

/** The overview over a range (the last twelve months when none), of one sales engineer when
 * given. */
export const overviewQueries = {
  figures: (from: string, to: string, engineer: string, language: string) =>
    queryOptions({
      queryKey: ['dashboard', 'overview', from, to, engineer, language],
      queryFn: () => {
        const query: Record<string, string> = {};
        if (from) query.from = from;
        if (to) query.to = to;
        if (engineer) query.sales_engineer_id = engineer;
        return answer(api.GET('/api/dashboard/overview', { params: { query } }));
      },
      placeholderData: keepPreviousData,
    }),
};

/** Today in the shop's time zone (Cairo), `YYYY-MM-DD`: the day the server's "today" figures
 * and date filters mean. */
export function shopToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Cairo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
