import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { ConfirmOrder } from './ConfirmOrder';

beforeEach(() => applyLanguage('ar'));

/** The page's answer for an order in `state`. */
function shown(state: string) {
  return {
    data: {
      number: 'MS-2026-000003',
      state,
      lines: [{ name: 'بذور طماطم', quantity: 2 }],
      total: 130,
      city: 'الجيزة',
      address: 'شارع•••',
      confirm_by: '2026-12-03T10:00:00Z',
    },
  };
}

describe('ConfirmOrder', () => {
  it('says what it confirms and by when, confirms only on a tap, then says the order is confirmed', async () => {
    let state = 'awaiting';
    const sent: string[] = [];
    server.use(
      http.get('*/api/order-confirmations/:token', () => HttpResponse.json(shown(state))),
      http.post('*/api/order-confirmations/:token', ({ params }) => {
        sent.push(String(params.token));
        state = 'confirmed';
        return HttpResponse.json({ data: {} });
      }),
    );
    renderAt('/confirm/3-0123456789abcdef', { '/confirm/:token': <ConfirmOrder /> });
    const details = await screen.findByTestId('confirm-details');
    for (const part of ['MS-2026-000003', '2 × بذور طماطم', '130 جنيه', 'شارع•••، الجيزة'])
      expect(details).toHaveTextContent(part);
    expect(screen.getByTestId('confirm-deadline')).toHaveTextContent('3 ديسمبر 2026');
    expect(sent, 'opening the page confirms nothing').toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'نعم، أؤكد الطلب' }));
    expect(await screen.findByTestId('order-confirmed')).toHaveTextContent('طلبك MS-2026-000003 مؤكد ✓');
    expect(sent).toEqual(['3-0123456789abcdef']);
    expect(screen.queryByRole('button', { name: 'نعم، أؤكد الطلب' })).toBeNull();
    expect(screen.getByRole('link', { name: 'تتبع الطلب' })).toHaveAttribute(
      'href',
      '/track-order?number=MS-2026-000003',
    );
  });

  it('"I did not order this" cancels it and says it does not count against the number', async () => {
    applyLanguage('en');
    let state = 'awaiting';
    server.use(
      http.get('*/api/order-confirmations/:token', () => HttpResponse.json(shown(state))),
      http.post('*/api/order-confirmations/:token/not-mine', () => {
        state = 'not_ordered';
        return HttpResponse.json(shown(state));
      }),
    );
    renderAt('/confirm/3-0123456789abcdef', { '/confirm/:token': <ConfirmOrder /> });
    await userEvent.click(await screen.findByRole('button', { name: 'I did not order this' }));
    expect(await screen.findByTestId('order-not_ordered')).toHaveTextContent(
      'We cancelled order MS-2026-000003. Thank you for telling us: it does not count against your number.',
    );
  });

  it('opened again, says where the order stands; a made-up link says plainly it names no order', async () => {
    applyLanguage('en');
    server.use(
      http.get('*/api/order-confirmations/:token', ({ params }) =>
        params.token === '3-forged'
          ? HttpResponse.json({ message: 'Not found' }, { status: 404 })
          : HttpResponse.json(shown('cancelled')),
      ),
    );
    renderAt('/confirm/3-0123456789abcdef', { '/confirm/:token': <ConfirmOrder /> });
    expect(await screen.findByTestId('order-cancelled')).toHaveTextContent('Your order MS-2026-000003 is cancelled.');
    expect(screen.queryByRole('button')).toBeNull();
    renderAt('/confirm/3-forged', { '/confirm/:token': <ConfirmOrder /> });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link names no order');
  });
});
