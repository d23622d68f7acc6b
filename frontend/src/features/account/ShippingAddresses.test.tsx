import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { session } from '../../shared/session/session';
import { verifiedClient } from '../../test/users';
import { ShippingAddresses } from './ShippingAddresses';

const cairo = { id: 1, name: 'Cairo', shipping_cost: 50 };
const giza = { id: 2, name: 'Giza', shipping_cost: 45.5 };

beforeEach(() => {
  applyLanguage('en');
  session.signIn(verifiedClient);
});

/** A server holding the client's addresses in memory. */
function addressBook(initial: Array<{ id: number; address: string; shipping_city: typeof cairo }>) {
  let addresses: Array<Record<string, unknown>> = initial.map((address) => ({
    label: 'home',
    recipient_name: null,
    recipient_phone: null,
    landmark: null,
    ...address,
  }));
  const sent: unknown[] = [];
  server.use(
    http.get('*/api/shipping-cities', () => HttpResponse.json({ data: [cairo, giza] })),
    http.get('*/api/addresses', () => HttpResponse.json({ data: addresses })),
    http.post('*/api/addresses', async ({ request }) => {
      const body = (await request.json()) as Record<string, string> & { city_id: number | null };
      sent.push(body);
      if (!body.address?.trim()) {
        return HttpResponse.json({ message: 'invalid', errors: { address: ['Address is required'] } }, { status: 422 });
      }
      const saved = {
        ...body,
        id: 10 + addresses.length,
        shipping_city: body.city_id === 2 ? giza : cairo,
      };
      addresses = [...addresses, saved];
      return HttpResponse.json({ message: 'The address has been saved.', data: saved });
    }),
    http.delete('*/api/addresses/:id', ({ params }) => {
      addresses = addresses.filter((address) => address['id'] !== Number(params.id));
      return HttpResponse.json({ message: 'The address has been deleted.' });
    }),
  );
  return sent;
}

describe('ShippingAddresses', () => {
  it('lists each address as city - address - cost, adds one and shows the server field errors', async () => {
    const sent = addressBook([{ id: 1, address: '12 Nile St', shipping_city: cairo }]);
    renderAt('/account/shipping-address', { '/account/shipping-address': <ShippingAddresses /> });
    expect(await screen.findByTestId('address')).toHaveTextContent('Cairo - 12 Nile St - EGP 50');

    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address is required')).toBeInTheDocument();

    await screen.findByRole('option', { name: 'Giza - EGP 45.50' });
    await userEvent.selectOptions(screen.getByLabelText('Governorate'), 'Giza - EGP 45.50');
    await userEvent.type(screen.getByLabelText('Address'), 'Palm farm road');
    await userEvent.type(screen.getByLabelText('Landmark (optional)'), 'the green gate');
    await userEvent.click(screen.getByText('Farm'));
    await userEvent.type(screen.getByLabelText('Who receives it (optional)'), 'Am Hassan');
    await userEvent.type(screen.getByLabelText('Their phone'), '01012345679');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.getAllByTestId('address')).toHaveLength(2));
    const added = screen.getAllByTestId('address')[1]!;
    expect(added).toHaveTextContent('Giza - Palm farm road - EGP 45.50');
    expect(added).toHaveTextContent('Near: the green gate');
    expect(within(added).getByTestId('address-label')).toHaveTextContent('Farm');
    expect(within(added).getByTestId('address-recipient')).toHaveTextContent('Received by Am Hassan, 01012345679');
    expect(sent.at(-1)).toEqual({
      address: 'Palm farm road',
      city_id: 2,
      label: 'farm',
      recipient_name: 'Am Hassan',
      recipient_phone: '01012345679',
      landmark: 'the green gate',
    });
  });

  it('deletes an address after asking', async () => {
    addressBook([{ id: 1, address: '12 Nile St', shipping_city: cairo }]);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/account/shipping-address', { '/account/shipping-address': <ShippingAddresses /> });
    const row = await screen.findByTestId('address');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no saved addresses yet.')).toBeInTheDocument();
    expect(window.confirm).toHaveBeenCalledWith('Delete the address “12 Nile St”?');
  });
});
