import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { api } from '../api/client';
import { applyLanguage } from '../i18n/language';
import { InvoiceButton } from './InvoiceButton';

beforeEach(() => {
  applyLanguage('en');
  URL.createObjectURL = vi.fn(() => 'blob:invoice');
  URL.revokeObjectURL = vi.fn();
});

/** A client's invoice call, as the orders history makes it. */
const invoice = () => api.GET('/api/orders/{id}/invoice', { params: { path: { id: 3 } }, parseAs: 'blob' });

describe('the invoice button', () => {
  it('downloads the PDF and says so', async () => {
    server.use(
      http.get(
        '*/api/orders/3/invoice',
        () => new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
      ),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt('/', { '/': <InvoiceButton invoice={invoice} number="MS-2026-000003" /> });
    await user.click(screen.getByRole('button', { name: 'Download invoice' }));
    expect(await screen.findByText('PDF downloaded successfully!')).toBeInTheDocument();
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('says so when the PDF could not be made', async () => {
    server.use(http.get('*/api/orders/3/invoice', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const user = userEvent.setup();
    renderAt('/', { '/': <InvoiceButton invoice={invoice} number="MS-2026-000003" /> });
    await user.click(screen.getByRole('button', { name: 'Download invoice' }));
    expect(await screen.findByText('Error generating PDF. Please try again.')).toBeInTheDocument();
  });
});
