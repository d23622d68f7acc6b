import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { staffUser } from '../../../test/users';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { RolesActions } from './RolesActions';

const PERMISSIONS = [
  'product-list',
  'product-create',
  'order-list',
  'order-status',
  'guest-order-list',
  'dashboard-overview',
];

beforeEach(() => {
  applyLanguage('en');
  session.signIn(staffUser(['role-list', 'role-create', 'role-edit']));
  server.use(http.get('*/api/dashboard/permissions', () => HttpResponse.json({ data: PERMISSIONS })));
});

describe('the role form', () => {
  it('groups the permissions by resource as checkboxes and sends the ticked ones', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/dashboard/roles', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'The role has been saved.', data: { id: 5 } });
      }),
    );
    const user = userEvent.setup();
    renderAt('/dashboard/roles-actions', { '/dashboard/roles-actions': <RolesActions /> });
    expect(await screen.findByTestId('permissions-order')).toHaveTextContent('Orders');
    expect(screen.getByTestId('permissions-guest-order')).toHaveTextContent('Guest orders');
    await user.type(screen.getByLabelText('Role name'), 'Dispatchers');
    await user.click(screen.getByRole('checkbox', { name: 'order-list' }));
    await user.click(screen.getByRole('checkbox', { name: 'order-status' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual({ name: 'Dispatchers', permissions: ['order-list', 'order-status'] }));
  });

  it('keeps every box of Super Admin ticked and its name as it is', async () => {
    server.use(
      http.get('*/api/dashboard/roles/1', () =>
        HttpResponse.json({
          data: { id: 1, name: 'Super Admin', built_in: true, permissions: PERMISSIONS, holders: 1 },
        }),
      ),
    );
    renderAt('/dashboard/roles-actions?id=1', { '/dashboard/roles-actions': <RolesActions /> });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'product-create' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'product-create' })).toBeDisabled();
    expect(screen.getByLabelText('Role name')).toBeDisabled();
    expect(screen.getByText('Super Admin holds every permission, always.')).toBeInTheDocument();
  });
});
