import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { verifiedClient } from '../../test/users';
import { connectApi } from '../../shared/api/client';
import { applyLanguage } from '../../shared/i18n/language';
import { toast } from '../../shared/ui/toast';
import { KEYS, session } from '../../shared/session/session';
import { PointsExchange } from './PointsExchange';

const meta = { current_page: 1, last_page: 1, per_page: 20, total: 2 };

function points(balance: number, lastCoupon: object | null = null) {
  return {
    data: {
      balance,
      rules: [
        { id: 1, points: 100, discount: 10 },
        { id: 2, points: 500, discount: 25 },
      ],
      last_coupon: lastCoupon,
      next_expiry: { points: 40, at: '2027-03-01T00:00:00Z' },
      last_expiry: { points: 110, at: '2027-11-20T10:00:00Z' },
      expiring: balance,
      ledger: [
        {
          id: 2,
          kind: 'earn',
          points: 120,
          at: '2026-11-20T10:00:00Z',
          note: 'MS-2026-000012',
          expires_at: '2027-11-20T10:00:00Z',
        },
        { id: 1, kind: 'expire', points: -40, at: '2026-10-01T10:00:00Z', note: '', expires_at: null },
      ],
    },
    meta,
  };
}

/** The `n`th exchange rule's card. */
function rule(n: number): HTMLElement {
  const card = screen.getAllByTestId('points-rule').at(n);
  if (!card) throw new Error(`no rule card ${n}`);
  return card;
}

beforeEach(() => {
  applyLanguage('en');
  session.signIn(verifiedClient);
  server.use(
    http.get('*/api/settings', () =>
      HttpResponse.json({ data: { points_earn_rate: 10, shipping: { free_weight_kg: 10 } } }),
    ),
  );
});

describe('points exchange', () => {
  it('tells the whole balance’s expiry: all on one day, or some never', async () => {
    const once = points(40);
    once.data.last_expiry = once.data.next_expiry;
    server.use(http.get('*/api/points', () => HttpResponse.json(once)));
    const { unmount } = renderAt('/account/points-exchange', { '/account/points-exchange': <PointsExchange /> });
    expect(await screen.findByTestId('points-next-expiry')).toHaveTextContent('All 40 points expire on 1 March 2027.');
    unmount();
    const kept = points(70);
    kept.data.last_expiry = kept.data.next_expiry;
    kept.data.expiring = 40;
    server.use(http.get('*/api/points', () => HttpResponse.json(kept)));
    renderAt('/account/points-exchange', { '/account/points-exchange': <PointsExchange /> });
    expect(await screen.findByTestId('points-next-expiry')).toHaveTextContent(
      '70 points: 40 expire on 1 March 2027, and 30 never expire.',
    );
  });

  it('shows the balance, what expires next, the rules it can afford and the history', async () => {
    server.use(http.get('*/api/points', () => HttpResponse.json(points(150))));
    renderAt('/account/points-exchange', { '/account/points-exchange': <PointsExchange /> });

    expect(await screen.findByTestId('points-balance')).toHaveTextContent('150 points');
    expect(screen.getByTestId('points-next-expiry')).toHaveTextContent(
      '150 points: 40 expire on 1 March 2027, 110 more by 20 November 2027.',
    );
    const cheap = rule(0);
    expect(within(cheap).getByRole('button', { name: 'Exchange' })).toBeEnabled();
    expect(within(rule(1)).getByRole('button', { name: 'Exchange' })).toBeDisabled();
    expect(rule(1)).toHaveTextContent('350 more points needed');
    const rows = screen.getAllByTestId('points-entry');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Order MS-2026-000012 delivered.*\+120/),
      expect.stringMatching(/Points expired.*-40/),
    ]);
    expect(localStorage.getItem(KEYS.points)).toBe('150');
  });

  it('exchanges after asking, under an idempotency key, and shows the coupon to copy', async () => {
    let balance = 150;
    const sent: { body: unknown; key: string | null }[] = [];
    server.use(
      http.get('*/api/points', () => HttpResponse.json(points(balance))),
      http.post('*/api/points/exchange', async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        balance = 50;
        return HttpResponse.json(
          {
            message: 'Points exchanged successfully!',
            data: {
              coupon: { code: 'PTS-ABCD2345', discount: 10, expires_at: '2026-12-25T00:00:00Z' },
              points: 100,
              balance: 50,
            },
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderAt('/account/points-exchange', { '/account/points-exchange': <PointsExchange /> });

    await screen.findAllByTestId('points-rule');
    await user.click(within(rule(0)).getByRole('button', { name: 'Exchange' }));
    expect(await screen.findByText('Exchange 100 points for a 10% discount coupon?')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-exchange'));

    expect(await screen.findByText('Points exchanged successfully!')).toBeInTheDocument();
    expect(screen.getByText('You have successfully exchanged 100 points for a 10% discount.')).toBeInTheDocument();
    expect(sent).toEqual([{ body: { rule_id: 1 }, key: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    const coupon = screen.getByTestId('new-coupon');
    expect(within(coupon).getByTestId('coupon-code')).toHaveTextContent('PTS-ABCD2345');
    await user.click(within(coupon).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Coupon copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('PTS-ABCD2345');
    await waitFor(() => expect(screen.getByTestId('points-balance')).toHaveTextContent('50 points'));
    expect(localStorage.getItem(KEYS.points)).toBe('50');
  });

  it('says when the points fell short, in Arabic', async () => {
    applyLanguage('ar');
    // The app's toasts, as Root connects them.
    connectApi({ notify: (notice) => toast(notice.kind, notice.message ?? ''), unauthorized: () => undefined });
    server.use(
      http.get('*/api/points', () =>
        HttpResponse.json(
          points(150, { code: 'PTS-OLD22222', discount: 5, expires_at: '2026-12-01T00:00:00Z', used: true }),
        ),
      ),
      http.post('*/api/points/exchange', () =>
        HttpResponse.json(
          { message: 'النقاط غير كافية لهذا الاستبدال!', errors: { points: ['النقاط غير كافية لهذا الاستبدال!'] } },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt('/account/points-exchange', { '/account/points-exchange': <PointsExchange /> });

    expect(await screen.findByTestId('last-coupon')).toHaveTextContent('PTS-OLD22222');
    expect(screen.getByTestId('last-coupon')).toHaveTextContent('مستخدم');
    await user.click(within(rule(0)).getByRole('button', { name: 'استبدال' }));
    await user.click(await screen.findByTestId('confirm-exchange'));
    expect(await screen.findByText('النقاط غير كافية لهذا الاستبدال!')).toBeInTheDocument();
  });
});
