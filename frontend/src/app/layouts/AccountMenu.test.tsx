import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { verifiedClient } from '../../test/users';
import { applyLanguage } from '../../shared/i18n/language';
import { session } from '../../shared/session/session';
import AccountMenu from './AccountMenu';

beforeEach(() => applyLanguage('ar'));

describe('the account menu', () => {
  it("starts with a client's orders and addresses, what they come for", async () => {
    session.signIn({ ...verifiedClient, points: 40 });
    renderAt('/', {
      '/': (
        <AccountMenu openAtStart>
          <button type="button">الحساب</button>
        </AccountMenu>
      ),
    });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'طلباتي',
      'عناويني',
      'إعدادات الحساب',
      expect.stringContaining('40'),
      'تسجيل الخروج',
    ]);
    expect(items[0]).toHaveAttribute('href', '/account/orders-history');
    expect(items[1]).toHaveAttribute('href', '/account/shipping-address');
  });
});
