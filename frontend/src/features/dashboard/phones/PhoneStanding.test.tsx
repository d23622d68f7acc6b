import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { PhoneStanding } from './PhoneStanding';
import type { PhoneHistory } from './api';

const history: PhoneHistory = {
  orders: 3,
  delivered: 1,
  cancelled: 2,
  never_confirmed: 1,
  not_ordered: 0,
  refused: 1,
  band: 'confirm_by_call',
  band_by_rules: 'confirm_by_call',
  band_override: null,
};

beforeEach(() => {
  applyLanguage('en');
});

describe("a phone's band", () => {
  it('waits folded behind its button, offers trusted only with phone-trust, and sends the band with why', async () => {
    session.signIn(staffUser(['client-block']));
    const sent: unknown[] = [];
    server.use(
      http.put('*/api/dashboard/phones/:phone/band', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'The band is saved.', data: history });
      }),
    );
    const user = userEvent.setup();
    renderAt('/', { '/': <PhoneStanding phone="01012345678" history={history} /> });
    expect(screen.queryByTestId('band-editor')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change the phone’s band' }));
    const editor = screen.getByTestId('band-editor');
    const bands = within(editor).getByLabelText('Band for this phone');
    const offered = within(bands)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(offered).toEqual(['normal', 'confirm_by_call', 'prepay_shipping', 'blocked']);
    await user.selectOptions(bands, 'prepay_shipping');
    await user.type(within(editor).getByLabelText('Why'), 'refused twice');
    await user.click(within(editor).getByTestId('save-band'));
    await waitFor(() => expect(sent).toEqual([{ band: 'prepay_shipping', note: 'refused twice' }]));
    await waitFor(() => expect(screen.queryByTestId('band-editor')).toBeNull());
  });

  it('offers trusted to staff holding phone-trust', async () => {
    session.signIn(staffUser(['client-block', 'phone-trust']));
    const user = userEvent.setup();
    renderAt('/', { '/': <PhoneStanding phone="01012345678" history={history} /> });
    await user.click(screen.getByTestId('change-band'));
    const bands = within(screen.getByTestId('band-editor')).getByLabelText('Band for this phone');
    expect(within(bands).getAllByRole('option')[0]).toHaveValue('trusted');
  });
});
