import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { staffUser } from '../../../test/users';
import { StaffActions } from './StaffActions';

beforeEach(() => {
  server.use(
    http.get('*/api/dashboard/roles', () =>
      HttpResponse.json({
        data: [
          { id: 1, name: 'Super Admin', built_in: true, permissions: [] },
          { id: 3, name: 'Warehouse', built_in: false, permissions: [] },
        ],
      }),
    ),
  );
});

describe('StaffActions', () => {
  it("offers the built-in roles by their names in the page's language, staff's own as written", async () => {
    applyLanguage('ar');
    session.signIn(staffUser(['admin-create']));
    renderAt('/', { '/': <StaffActions kind="admins" /> });
    expect(await screen.findByRole('option', { name: 'المدير العام' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Warehouse' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Super Admin' })).toBeNull();
  });
});
