import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { DashboardSettings } from './DashboardSettings';
import { staffUser } from '../../../test/users';

const settings = {
  contact_phone: '0233334444',
  whatsapp_number: '201000000000',
  email: 'shop@mahsoul.example',
  address_ar: 'الجيزة',
  address_en: 'Giza',
  facebook_url: '',
  instagram_url: '',
  free_weight_kg: 10,
  extra_fee_per_kg: 5,
  shipping_hours: 48,
  points_earn_rate: 10,
  points_expiry_months: 12,
  points_coupon_days: 30,
  phone_call_after: 1,
  phone_prepay_after: 2,
  phone_block_after: 3,
  cod_first_order_max: 0,
  cod_order_max: 0,
};
const pages = ['about-us', 'terms-and-conditions', 'privacy-policy', 'refund-policies'].map((slug) => ({
  slug,
  title_ar: 'عنوان',
  title_en: `Title ${slug}`,
  body_ar: 'نص',
  body_en: 'Text',
}));

let sent: Record<string, string> | null = null;
beforeEach(() => {
  applyLanguage('en');
  sent = null;
  server.use(
    http.get('*/api/dashboard/settings', () => HttpResponse.json({ data: settings })),
    http.get('*/api/dashboard/settings/pages', () => HttpResponse.json({ data: pages })),
    http.put('*/api/dashboard/settings', async ({ request }) => {
      sent = (await request.json()) as Record<string, string>;
      if (sent.extra_fee_per_kg === '-1')
        return HttpResponse.json(
          { message: 'x', errors: { extra_fee_per_kg: ['Enter a price in pounds, such as 150 or 150.50.'] } },
          { status: 422 },
        );
      return HttpResponse.json({
        message: 'The settings have been saved.',
        data: { ...settings, extra_fee_per_kg: 7.5 },
      });
    }),
  );
});

describe('DashboardSettings', () => {
  it('sends what was typed and shows the server field error under its field', async () => {
    session.signIn(staffUser(['setting-list', 'setting-edit']));
    renderAt('/', { '/': <DashboardSettings /> });
    const fee = await screen.findByLabelText('Extra fee per kg above it (EGP)');
    await waitFor(() => expect(fee).toHaveValue('5'));
    await userEvent.clear(fee);
    await userEvent.type(fee, '-1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(
      await screen.findByText('Enter a price in pounds, such as 150 or 150.50.', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeInTheDocument();

    await userEvent.clear(fee);
    await userEvent.type(fee, '٧٫٥');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('The settings have been saved.')).toBeInTheDocument();
    expect(sent).toMatchObject({ extra_fee_per_kg: '٧٫٥', whatsapp_number: '201000000000', shipping_hours: 48 });
    await waitFor(() => expect(fee).toHaveValue('7.5'));
  });

  it('shows the settings read-only without the edit permission', async () => {
    session.signIn(staffUser(['setting-list']));
    renderAt('/', { '/': <DashboardSettings /> });
    const phone = await screen.findByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveValue('0233334444'));
    expect(phone).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Refund policy' })).toBeInTheDocument();
  });
});
