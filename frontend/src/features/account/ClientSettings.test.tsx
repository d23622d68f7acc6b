import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { session } from '../../shared/session/session';
import { verifiedClient } from '../../test/users';
import { ClientSettings } from './ClientSettings';

beforeEach(() => {
  applyLanguage('en');
  session.signIn(verifiedClient);
  server.use(http.get('*/api/auth/me', () => HttpResponse.json({ data: verifiedClient })));
});

describe('ClientSettings', () => {
  it('switches the offers by SMS off and on', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/shipping-cities', () => HttpResponse.json({ data: [] })),
      http.get('*/api/sms-consent', () => HttpResponse.json({ data: { consent: true } })),
      http.put('*/api/sms-consent', async ({ request }) => {
        const body = (await request.json()) as { consent: boolean };
        sent.push(body);
        return HttpResponse.json({
          message: body.consent ? 'on' : 'You will no longer receive our offers by SMS.',
          data: body,
        });
      }),
    );
    const user = userEvent.setup();
    renderAt('/account/settings', { '/account/settings': <ClientSettings /> });
    const toggle = await screen.findByRole('switch', { name: "Send me the shop's offers by SMS" });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    expect(await screen.findByText('You will no longer receive our offers by SMS.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(sent).toEqual([{ consent: false }]);
  });

  it('asks for the password only when the phone or e-mail changes, then for the code sent to the new phone', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/shipping-cities', () =>
        HttpResponse.json({ data: [{ id: 1, name: 'Cairo', shipping_cost: 50 }] }),
      ),
      http.get('*/api/sms-consent', () => HttpResponse.json({ data: { consent: true } })),
      http.put('*/api/auth/profile', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          message: 'Enter the code',
          data: verifiedClient,
          pending: { phone: '01099990000', email: null },
        });
      }),
      http.post('*/api/auth/profile/confirm-contact', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          message: 'Your new phone or e-mail is now in use.',
          data: { ...verifiedClient, phone: '01099990000' },
        });
      }),
    );
    renderAt('/account/settings', { '/account/settings': <ClientSettings /> });
    // The password card has its own field; the profile adds one only for a contact change.
    expect(screen.getAllByLabelText('Current password')).toHaveLength(1);

    const phone = screen.getByLabelText('Mobile number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '01099990000');
    // The gender is the phone's own picker, as the city is; "Not given" sends none.
    expect(screen.getByLabelText('Gender')).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'Female');
    await waitFor(() => expect(screen.getAllByLabelText('Current password')).toHaveLength(2));
    const [profilePassword] = screen.getAllByLabelText('Current password');
    if (!profilePassword) throw new Error('no password field in the profile');
    await userEvent.type(profilePassword, 'Harvest2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByTestId('confirm-contact')).toHaveTextContent('01099990000');
    expect(sent[0]).toMatchObject({
      phone: '01099990000',
      current_password: 'Harvest2026',
      city_id: null,
      gender: 'female',
    });
    expect(session.user()?.phone).toBe('01012345678');

    await userEvent.type(screen.getByLabelText('Confirmation code'), '١٢٣٤٥٦');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the new contact' }));
    await waitFor(() => expect(session.user()?.phone).toBe('01099990000'));
    expect(sent[1]).toEqual({ code: '١٢٣٤٥٦' });
  });

  it('asks for the code of a new phone staff set for the client, as soon as the settings open', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/shipping-cities', () => HttpResponse.json({ data: [] })),
      http.get('*/api/sms-consent', () => HttpResponse.json({ data: { consent: true } })),
      http.get('*/api/auth/me', () =>
        HttpResponse.json({ data: verifiedClient, pending: { phone: '01155550000', email: null } }),
      ),
      http.post('*/api/auth/profile/confirm-contact', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          message: 'Your new phone or e-mail is now in use.',
          data: { ...verifiedClient, phone: '01155550000' },
        });
      }),
    );
    renderAt('/account/settings', { '/account/settings': <ClientSettings /> });
    expect(await screen.findByTestId('confirm-contact')).toHaveTextContent('01155550000');
    await userEvent.type(screen.getByLabelText('Confirmation code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm the new contact' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-contact')).not.toBeInTheDocument());
    expect(sent).toEqual([{ code: '123456' }]);
    expect(session.user()?.phone).toBe('01155550000');
  });
});
