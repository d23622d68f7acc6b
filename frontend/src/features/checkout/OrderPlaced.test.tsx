import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { anOrder } from '../../test/orders';
import type { OrderData } from '../../shared/api/types';
import { applyLanguage } from '../../shared/i18n/language';
import { server } from '../../test/server';
import { OrderPlaced } from './OrderPlaced';

beforeEach(() => {
  applyLanguage('en');
  server.use(
    http.get('*/api/settings', () =>
      HttpResponse.json({ data: { whatsapp_number: '201000000000', shipping: { estimated_hours: 48 } } }),
    ),
  );
});

describe('OrderPlaced', () => {
  it('offers to confirm the order at once while it awaits confirmation', () => {
    renderAt('/order-success?number=MS-2026-000003&confirm=3-0123456789abcdef', { '/order-success': <OrderPlaced /> });
    expect(screen.getByTestId('order-number')).toHaveTextContent('MS-2026-000003');
    expect(screen.getByRole('link', { name: 'Confirm my order now' })).toHaveAttribute(
      'href',
      '/confirm/3-0123456789abcdef',
    );
    expect(screen.getByTestId('track-it')).toHaveAttribute('href', '/track-order?number=MS-2026-000003');
  });

  it('offers only tracking when there is nothing to confirm', () => {
    renderAt('/order-success?number=MS-2026-000004', { '/order-success': <OrderPlaced /> });
    expect(screen.queryByTestId('confirm-now')).toBeNull();
    expect(screen.getByTestId('track-it')).toBeInTheDocument();
  });

  it('shows the order as placed, handed over by the checkout, and copies its number', async () => {
    const order = anOrder() as unknown as OrderData;
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt(
      { pathname: '/order-success', search: '?number=MS-2026-000003', state: { order } },
      { '/order-success': <OrderPlaced /> },
    );
    expect(screen.getByTestId('placed-line')).toHaveTextContent('Mint seeds × 2');
    expect(screen.getByTestId('placed-total')).toHaveTextContent('Total:');
    expect(screen.getByTestId('placed-order')).toHaveTextContent('To: Farm road, Giza');
    await userEvent.click(screen.getByTestId('copy-number'));
    expect(writeText).toHaveBeenCalledWith('MS-2026-000003');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('says when the shop delivers and opens WhatsApp about this order', async () => {
    renderAt('/order-success?number=MS-2026-000005', { '/order-success': <OrderPlaced /> });
    expect(await screen.findByTestId('delivery-hours')).toHaveTextContent('Delivered in about 48 hours.');
    const whatsapp = screen.getByTestId('whatsapp-link');
    expect(whatsapp).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/201000000000\?text=/));
    expect(decodeURIComponent(whatsapp.getAttribute('href') ?? '')).toContain('about my order MS-2026-000005');
  });

  it('keeps the number alone after a reload, when the order was not handed over', () => {
    renderAt('/order-success?number=MS-2026-000004', { '/order-success': <OrderPlaced /> });
    expect(screen.queryByTestId('placed-order')).toBeNull();
  });
});
