import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { anOrder } from '../../test/orders';
import { ConfirmOrder } from './ConfirmOrder';

beforeEach(() => applyLanguage('ar'));

describe('ConfirmOrder', () => {
  it('confirms only when the buyer taps, then names the order and its total', async () => {
    const sent: string[] = [];
    server.use(
      http.post('*/api/order-confirmations/:token', ({ params }) => {
        sent.push(String(params.token));
        return HttpResponse.json({ data: anOrder({ confirmation: { state: 'confirmed', via: 'link' } }) });
      }),
    );
    renderAt('/confirm/3-0123456789abcdef', { '/confirm/:token': <ConfirmOrder /> });
    expect(screen.getByRole('heading', { name: 'أكّد طلبك' })).toBeInTheDocument();
    expect(sent, 'opening the page confirms nothing').toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'نعم، أؤكد طلبي' }));
    expect(await screen.findByTestId('order-confirmed')).toHaveTextContent('MS-2026-000003');
    expect(screen.getByTestId('order-confirmed')).toHaveTextContent('130');
    expect(sent).toEqual(['3-0123456789abcdef']);
    expect(screen.getByRole('link', { name: 'تتبع الطلب' })).toHaveAttribute(
      'href',
      '/track-order?number=MS-2026-000003',
    );
  });

  it('says plainly when the link no longer confirms anything', async () => {
    applyLanguage('en');
    server.use(
      http.post('*/api/order-confirmations/:token', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    );
    renderAt('/confirm/3-forged', { '/confirm/:token': <ConfirmOrder /> });
    await userEvent.click(screen.getByRole('button', { name: 'Yes, I confirm my order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link no longer confirms an order');
  });
});
