import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { DashboardSms } from './DashboardSms';

beforeEach(() => {
  applyLanguage('en');
  session.signIn(staffUser(['sms-list', 'sms-send']));
  server.use(
    http.get('*/api/shipping-cities', () => HttpResponse.json({ data: [] })),
    http.get('*/api/dashboard/groups', () =>
      HttpResponse.json({ data: [{ id: 1, name: 'Farmers', name_ar: 'مزارعون', name_en: 'Farmers', clients: 2 }] }),
    ),
    http.get('*/api/dashboard/sms', () =>
      HttpResponse.json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } }),
    ),
  );
});

describe('SMS to clients', () => {
  it('counts characters and parts as one types, previews a group and shows the progress to the end', async () => {
    const previews: unknown[] = [];
    const keys: (string | null)[] = [];
    let polls = 0;
    server.use(
      http.post('*/api/dashboard/sms/preview', async ({ request }) => {
        previews.push(await request.json());
        return HttpResponse.json({
          data: {
            recipients: 2,
            opted_out: 1,
            encoding: 'ucs2',
            characters: 90,
            parts: 2,
            total_parts: 4,
            opt_out_link_length: 40,
            opt_out_lines: { ar: `للإلغاء: ${'x'.repeat(40)}`, en: `Opt out: ${'x'.repeat(40)}` },
          },
        });
      }),
      http.post('*/api/dashboard/sms', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json(
          {
            message: 'The message is on its way to the clients.',
            data: { id: 9, status: 'queued', total: 3, sent: 0, failed: 0, skipped_opted_out: 1, pending: 2 },
          },
          { status: 202 },
        );
      }),
      http.get('*/api/dashboard/sms/9', () => {
        polls += 1;
        const done = polls > 1;
        return HttpResponse.json({
          data: {
            id: 9,
            message: 'خصم',
            audience: { kind: 'group', id: 1 },
            parts: 2,
            status: done ? 'done' : 'sending',
            total: 3,
            sent: done ? 2 : 1,
            failed: 0,
            skipped_opted_out: 1,
            pending: done ? 0 : 1,
            by: 'Staff',
            created_at: '2026-11-25T10:00:00Z',
          },
        });
      }),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAt('/dashboard/sms', { '/dashboard/sms': <DashboardSms /> });

    // What is sent: the message, a line break, "Opt out: " and a 40-character link.
    await waitFor(() => expect(previews).toContainEqual({ message: 'x', audience: { kind: 'all', id: null } }));
    await user.click(screen.getByTestId('sms-message'));
    await user.paste('a'.repeat(161));
    await waitFor(() =>
      expect(screen.getByTestId('sms-counter')).toHaveTextContent(
        '211 characters · 2 parts with the opt-out link · Latin alphabet',
      ),
    );
    await user.clear(screen.getByTestId('sms-message'));
    await user.paste('خ'.repeat(130));
    expect(screen.getByTestId('sms-counter')).toHaveTextContent(
      '180 characters · 3 parts with the opt-out link · Unicode (Arabic)',
    );
    await user.clear(screen.getByTestId('sms-message'));
    await user.paste('خصم على البذور');
    expect(screen.getByTestId('sms-counter')).toHaveTextContent(
      '64 characters · 1 part with the opt-out link · Unicode (Arabic)',
    );
    await user.click(screen.getByText('A group'));
    await user.selectOptions(screen.getByTestId('sms-audience-id'), '1');
    expect(await screen.findByTestId('sms-preview')).toHaveTextContent(
      '2 clients × 2 parts (with the opt-out link) = 4 SMS parts. 1 opted out',
    );
    expect(previews.at(-1)).toEqual({ message: 'خصم على البذور', audience: { kind: 'group', id: 1 } });
    await user.click(screen.getByTestId('sms-send'));
    expect(await screen.findByText('The message is on its way to the clients.')).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.getByTestId('sms-progress')).toHaveAttribute('data-status', 'done'), {
      timeout: 4000,
    });
    expect(screen.getByTestId('sms-progress')).toHaveTextContent('Sent 2 of 3 · failed 0 · skipped 1');
  }, 15_000);
});
