import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { CopounsActions } from './CopounsActions';
import { DashboardCopouns } from './DashboardCopouns';

const code = {
  id: 4,
  code: 'SPRING',
  type: 'percent',
  value: 10,
  min_subtotal: 200,
  max_discount: 50,
  starts_at: null,
  expires_at: '2026-12-31T00:00:00Z',
  usage_limit: 5,
  per_user_limit: 1,
  used: 2,
  active: true,
  status: 'active',
};

beforeEach(() => {
  applyLanguage('en');
  session.signIn(staffUser(['copoun-list', 'copoun-create', 'copoun-edit', 'copoun-delete']));
});

describe('promo code screens', () => {
  it('list the codes by status with their use, and switch one off', async () => {
    const asked: string[] = [];
    let active = true;
    server.use(
      http.get('*/api/dashboard/copouns', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('status') ?? '');
        const shown = { ...code, active, status: active ? 'active' : 'inactive' };
        return HttpResponse.json({ data: [shown], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 } });
      }),
      http.post('*/api/dashboard/copouns/4/deactivate', () => {
        active = false;
        return HttpResponse.json({ message: 'The promo code is inactive.' });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/copouns?status=active', { '/dashboard/copouns': <DashboardCopouns /> });

    const row = await screen.findByTestId('staff-copoun-row');
    expect(row).toHaveTextContent('SPRING');
    expect(row).toHaveTextContent('10%');
    expect(row).toHaveTextContent('Used 2 of 5');
    expect(asked).toContain('active');
    await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('The promo code is inactive.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('staff-copoun-row')).toHaveTextContent('Inactive'));
  });

  it('edit a code: the form is filled from it and sends every field, blanks as null', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.get('*/api/dashboard/copouns/4', () => HttpResponse.json({ data: code })),
      http.put('*/api/dashboard/copouns/4', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: 'The promo code has been saved.' });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/copouns-actions?id=4', { '/dashboard/copouns-actions': <CopounsActions /> });

    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveValue('SPRING'));
    // Written in words in the page's language (the value sent stays 2026-12-31).
    await waitFor(() => expect(screen.getByLabelText('Expires')).toHaveValue('31 December 2026'));
    await user.clear(screen.getByLabelText('Most it takes off (EGP, optional)'));
    await user.clear(screen.getByLabelText('Uses in all (optional)'));
    await user.type(screen.getByLabelText('Uses in all (optional)'), '٢٠');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual({
        code: 'SPRING',
        type: 'percent',
        value: '10',
        min_subtotal: '200',
        max_discount: null,
        starts_at: null,
        expires_at: '2026-12-31',
        usage_limit: 20,
        per_user_limit: 1,
        active: true,
      }),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/copouns');
  });
});
