import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { staffUser } from '../../../test/users';
import { toLatinDigits } from '../../../shared/digits';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { DashboardPoints } from './DashboardPoints';
import { PointsActions } from './PointsActions';

const page = (total: number) => ({ current_page: 1, last_page: 1, per_page: 20, total });

beforeEach(() => {
  applyLanguage('en');
  session.signIn(staffUser(['points-list', 'points-create', 'points-edit', 'points-delete', 'points-adjust']));
});

describe('staff points screens', () => {
  it('list the rules and the clients with their points, searched', async () => {
    const searched: string[] = [];
    server.use(
      http.get('*/api/dashboard/points-rules', () =>
        HttpResponse.json({ data: [{ id: 3, points: 200, discount: 15, active: true }] }),
      ),
      http.get('*/api/dashboard/user-points', ({ request }) => {
        searched.push(new URL(request.url).searchParams.get('search') ?? '');
        return HttpResponse.json({
          data: [{ user_id: 7, name: 'Samir', phone: '01012345678', email: null, points: 120 }],
          meta: page(1),
        });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/user-points', { '/dashboard/user-points': <DashboardPoints /> });

    expect(await screen.findByTestId('points-rule-row')).toHaveTextContent('200 points');
    expect(screen.getByTestId('points-rule-row')).toHaveTextContent('15% off');
    expect(await screen.findByTestId('client-points-row')).toHaveTextContent('120 points');
    await user.type(screen.getByLabelText('Search by name, phone or e-mail'), '0101');
    await waitFor(() => expect(searched).toContain('0101'));
  });

  it("adjust a client's points with a reason; the server's refusal shows under its field", async () => {
    let points = 120;
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/dashboard/user-points/7', () =>
        HttpResponse.json({
          data: {
            client: { user_id: 7, name: 'Samir', phone: '01012345678', email: null, points },
            ledger: [
              { id: 1, kind: 'adjust', points: 120, at: '2026-11-20T10:00:00Z', note: 'Welcome', expires_at: null },
            ],
          },
          meta: page(1),
        }),
      ),
      http.post('*/api/dashboard/user-points/7', async ({ request }) => {
        const body = (await request.json()) as { delta: number | string; reason: string };
        sent.push(body);
        // The server reads Arabic-Indic digits as Latin ones.
        const delta = Number(toLatinDigits(String(body.delta)));
        if (delta < -points) {
          return HttpResponse.json(
            { message: 'The client holds only 120 points.', errors: { delta: ['The client holds only 120 points.'] } },
            { status: 422 },
          );
        }
        points += delta;
        return HttpResponse.json({ message: "The client's points have been updated.", data: { points } });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/user-points-actions?user=7', { '/dashboard/user-points-actions': <PointsActions /> });

    expect(await screen.findByTestId('client-points')).toHaveTextContent('120 points');
    expect(screen.getByTestId('client-points-entry')).toHaveTextContent('Welcome');
    await user.type(screen.getByLabelText('Points'), '-500');
    await user.type(screen.getByLabelText('Reason (the client sees it)'), 'Correction');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The client holds only 120 points.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Points'));
    await user.type(screen.getByLabelText('Points'), '٢٠');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The client's points have been updated.")).toBeInTheDocument();
    expect(sent).toEqual([
      { delta: -500, reason: 'Correction' },
      { delta: 20, reason: 'Correction' },
    ]);
    await waitFor(() => expect(screen.getByTestId('client-points')).toHaveTextContent('140 points'));
  });
});
