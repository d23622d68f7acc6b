import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { staffUser } from '../../../test/users';
import { DashboardIntegrations } from './DashboardIntegrations';

const endpoint = {
  id: 4,
  url: 'https://erp.example.com/hooks',
  events: ['order.created'],
  active: false,
  created_at: '2026-11-20T10:00:00Z',
  failures_in_row: 10,
  last_success_at: null,
  disabled_at: '2026-11-25T10:00:00Z',
  disabled_reason: 'failing',
  previous_secret_until: null,
  created_by: 1,
  created_by_name: 'Samir',
  paused_reason: null as string | null,
};

const delivery = {
  id: 31,
  event_id: 'b7c3a9f0-0000-4000-8000-000000000001',
  event: 'order.created',
  state: 'failed',
  next_attempt_at: null,
  attempts: [
    { at: '2026-11-25T09:00:00Z', status: 500, outcome: 'failed', response: 'oops', silence: null, duration_ms: 42 },
    {
      at: '2026-11-25T08:00:00Z',
      status: null,
      outcome: 'retry',
      response: '',
      silence: 'timed_out',
      duration_ms: 10_000,
    },
  ],
};

let sent: { path: string; body: unknown }[] = [];
beforeEach(() => {
  applyLanguage('en');
  sent = [];
  const keep = async ({ request }: { request: Request }) => {
    sent.push({ path: new URL(request.url).pathname, body: await request.json().catch(() => null) });
  };
  server.use(
    http.get('*/api/dashboard/webhooks', () =>
      HttpResponse.json({ data: [endpoint], events: ['order.created', 'order.status_changed'] }),
    ),
    http.get('*/api/dashboard/webhooks/4/deliveries', () => HttpResponse.json({ data: [delivery] })),
    http.post('*/api/dashboard/webhooks/4/deliveries/31/resend', async (info) => {
      await keep(info);
      return HttpResponse.json({ message: 'The delivery will be sent again in a moment.' }, { status: 202 });
    }),
    http.put('*/api/dashboard/webhooks/4', async (info) => {
      await keep(info);
      return HttpResponse.json({ message: 'Endpoint saved.', data: { ...endpoint, active: true } });
    }),
    http.post('*/api/dashboard/webhooks/4/replay', async (info) => {
      await keep(info);
      return HttpResponse.json({ message: '3 events will be sent again.' }, { status: 202 });
    }),
    http.get('*/api/dashboard/api-keys', () => HttpResponse.json({ data: [] })),
    http.post('*/api/dashboard/api-keys', async (info) => {
      await keep(info);
      return HttpResponse.json(
        {
          message: 'Key created. Copy it now: it is shown only once.',
          secret: 'mk_0123456789abcdef',
          data: {
            id: 1,
            name: 'ERP',
            prefix: 'mk_01234567',
            scopes: ['order-list'],
            allowed_addresses: [],
            created_by: 1,
            created_by_name: 'Samir',
            created_at: '2026-11-29T10:00:00Z',
            expires_at: null,
            revoked_at: null,
            last_used_at: null,
            request_count: 0,
          },
        },
        { status: 201 },
      );
    }),
  );
});

describe('DashboardIntegrations', () => {
  it('says why the shop turned an endpoint off and opens its log from a notice, where a delivery is sent again', async () => {
    session.signIn(staffUser(['integration-list', 'integration-edit']));
    renderAt('/?endpoint=4', { '/': <DashboardIntegrations /> });
    const card = await screen.findByTestId('webhook-endpoint');
    expect(within(card).getByText('Turned off: failing for days')).toBeInTheDocument();
    expect(within(card).getByText(/10 failures in a row\./)).toBeInTheDocument();
    const log = await screen.findByTestId('webhook-delivery');
    expect(within(log).getByText('oops')).toBeInTheDocument();
    // Why a receiver said nothing, in words; the kind of event too, never its id.
    expect(log).toHaveTextContent('It did not answer in time.');
    expect(log).toHaveTextContent('Order placed');
    await userEvent.click(within(log).getByRole('button', { name: 'Send again' }));
    await waitFor(() =>
      expect(sent.map((call) => call.path)).toEqual(['/api/dashboard/webhooks/4/deliveries/31/resend']),
    );
    expect(screen.queryByText('New endpoint')).toBeNull();
  });

  it('turning on an endpoint the shop turned off offers to send what it missed since', async () => {
    session.signIn(staffUser(['integration-list', 'integration-edit']));
    renderAt('/', { '/': <DashboardIntegrations /> });
    const card = await screen.findByTestId('webhook-endpoint');
    await userEvent.click(within(card).getByRole('switch', { name: 'Send events' }));
    const offer = await within(card).findByTestId('replay-missed');
    await userEvent.click(within(offer).getByRole('button', { name: 'Send what it missed' }));
    await waitFor(() =>
      expect(sent.map((call) => call.path)).toEqual(['/api/dashboard/webhooks/4', '/api/dashboard/webhooks/4/replay']),
    );
    expect(sent[0]?.body).toEqual({ url: endpoint.url, events: endpoint.events, active: true });
    expect(sent[1]?.body).toEqual({ since: endpoint.disabled_at });
    await waitFor(() => expect(within(card).queryByTestId('replay-missed')).toBeNull());
  });

  it('says an endpoint whose maker was removed is paused until someone saves it, and whose reads it carries', async () => {
    server.use(
      http.get('*/api/dashboard/webhooks', () =>
        HttpResponse.json({
          data: [{ ...endpoint, active: true, created_by: null, paused_reason: 'maker_removed' }],
          events: ['order.created'],
        }),
      ),
    );
    session.signIn(staffUser(['integration-list', 'integration-edit']));
    renderAt('/', { '/': <DashboardIntegrations /> });
    const card = await screen.findByTestId('webhook-endpoint');
    expect(within(card).getByText('Paused')).toBeInTheDocument();
    expect(within(card).getByTestId('webhook-paused')).toHaveTextContent(
      'Paused: the staff member who saved it was removed. Save it again to send it events as yourself.',
    );
    expect(within(card).getByText('Carries what Samir may read.')).toBeInTheDocument();
  });

  it('offers only the permissions the staff member holds and shows a new key once', async () => {
    session.signIn(staffUser(['integration-list', 'integration-create', 'order-list']));
    renderAt('/?tab=keys', { '/': <DashboardIntegrations /> });
    await screen.findByText('No API keys yet.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'ERP');
    await userEvent.click(screen.getByRole('textbox', { name: 'Permissions' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Orders — View', hidden: true }));
    expect(screen.queryByRole('option', { name: /SMS/, hidden: true })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('secret-value')).toHaveTextContent('mk_0123456789abcdef');
    expect(sent[0]?.body).toEqual({ name: 'ERP', scopes: ['order-list'], allowed_addresses: [], expires_at: null });
    await userEvent.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByTestId('secret-value')).toBeNull();
  });

  it("lists a key's permissions in words, as the roles screen names them", async () => {
    session.signIn(staffUser(['integration-list']));
    server.use(
      http.get('*/api/dashboard/api-keys', () =>
        HttpResponse.json({
          data: [
            {
              id: 1,
              name: 'ERP',
              prefix: 'mk_01234567',
              scopes: ['order-list', 'guest-order-edit'],
              allowed_addresses: [],
              created_by: 1,
              created_by_name: 'Samir',
              created_at: '2026-11-29T10:00:00Z',
              expires_at: null,
              revoked_at: null,
              last_used_at: null,
              request_count: 0,
            },
          ],
        }),
      ),
    );
    renderAt('/?tab=keys', { '/': <DashboardIntegrations /> });
    const key = await screen.findByTestId('api-key');
    expect(key).toHaveTextContent('Orders — View');
    expect(key).not.toHaveTextContent('order-list');
  });
});
