import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { Register } from './Register';

beforeEach(() => {
  applyLanguage('en');
  server.use(http.get('*/api/auth/providers', () => HttpResponse.json({ data: { google_client_id: null } })));
});

describe('Register', () => {
  it('offers the cities by their names only: a new account ships nothing yet', async () => {
    const cash = { accepted: true, fee_kind: 'none', fee: 0 };
    server.use(
      http.get('*/api/shipping-cities', () =>
        HttpResponse.json({
          data: [
            { id: 1, name: 'Cairo', shipping_cost: 50, cod: cash },
            { id: 2, name: 'Giza', shipping_cost: 45, cod: cash },
          ],
        }),
      ),
    );
    renderAt('/auth/register', { '/auth/register': <Register /> });
    const city = await screen.findByRole('combobox', { name: /Governorate/ });
    expect(await within(city).findByRole('option', { name: 'Cairo' })).toBeInTheDocument();
    expect(city).not.toHaveTextContent('EGP');
  });

  it('shows a weak password and a mismatched confirmation together, as the server would', async () => {
    server.use(http.get('*/api/shipping-cities', () => HttpResponse.json({ data: [] })));
    renderAt('/auth/register', { '/auth/register': <Register /> });
    await userEvent.type(
      await screen.findByLabelText('Password', { exact: false, selector: 'input[name=password]' }),
      'abc',
    );
    await userEvent.type(screen.getByLabelText('Confirm password', { exact: false }), 'abd');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Password confirmation must match password')).toBeInTheDocument();
  });
});
