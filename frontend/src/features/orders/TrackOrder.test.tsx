import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { TrackOrder } from './TrackOrder';
import { anOrder } from '../../test/orders';

const order = anOrder({ source: 'guest', can_cancel: false });

beforeEach(() => applyLanguage('en'));

describe('TrackOrder', () => {
  it('shows the order for its number and phone, and says so in place when the pair is wrong', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/guest-orders/track', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('number')}|${url.searchParams.get('phone')}`);
        return url.searchParams.get('phone') === '01112345678'
          ? HttpResponse.json({ data: order })
          : HttpResponse.json({ message: 'Not found' }, { status: 404 });
      }),
    );
    renderAt('/track-order?number=MS-2026-000003', { '/track-order': <TrackOrder /> });
    expect(screen.getByLabelText('Order number')).toHaveValue('MS-2026-000003');

    await userEvent.type(screen.getByLabelText('Mobile number'), '01099999999');
    await userEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByTestId('track-missing')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Mobile number'));
    await userEvent.type(screen.getByLabelText('Mobile number'), '01112345678');
    await userEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByTestId('order-status')).toHaveTextContent('New');
    expect(screen.getByTestId('order-total')).toHaveTextContent('EGP 130');
    expect(screen.queryByTestId('track-missing')).toBeNull();
    expect(asked).toEqual(['MS-2026-000003|01099999999', 'MS-2026-000003|01112345678']);
  });

  it('a tracked order the courier could not deliver shows its attempts and that it came back', async () => {
    const returned = anOrder({
      source: 'guest',
      can_cancel: false,
      status: 'cancelled',
      status_label: 'Cancelled',
      cancelled_as: 'refused',
      failed_attempts: [
        { attempt: 1, at: '2026-11-21T09:30:00Z' },
        { attempt: 2, at: '2026-11-22T09:30:00Z' },
      ],
    });
    server.use(http.get('*/api/guest-orders/track', () => HttpResponse.json({ data: returned })));
    renderAt('/track-order?number=MS-2026-000003', { '/track-order': <TrackOrder /> });
    await userEvent.type(screen.getByLabelText('Mobile number'), '01112345678');
    await userEvent.click(screen.getByRole('button', { name: 'Track' }));
    const attempts = await screen.findAllByTestId('failed-attempt');
    expect(attempts.map((attempt) => attempt.textContent)).toEqual([
      expect.stringMatching(/^Delivery attempt 1 failed on .+\.$/),
      expect.stringMatching(/^Delivery attempt 2 failed on .+\.$/),
    ]);
    expect(screen.getByTestId('order-refused')).toHaveTextContent(
      'Refused at delivery: the parcel came back to the shop.',
    );
  });
});
