import { describe, expect, it } from 'vitest';
import { byResource, splitPermission } from './permissions';

describe('permissions on the roles screen', () => {
  it('split into their resource and action, the longest resource first', () => {
    expect(splitPermission('guest-order-edit')).toEqual({ resource: 'guest-order', action: 'edit' });
    expect(splitPermission('order-status')).toEqual({ resource: 'order', action: 'status' });
    expect(splitPermission('dashboard-overview')).toEqual({ resource: 'dashboard', action: 'overview' });
    expect(splitPermission('agronomy-delete')).toEqual({ resource: 'agronomy', action: 'delete' });
    expect(splitPermission('integration-list')).toEqual({ resource: 'integration', action: 'list' });
  });

  it('group by resource in the order given', () => {
    expect(byResource(['order-list', 'order-create', 'guest-order-list', 'order-status'])).toEqual([
      ['order', ['order-list', 'order-create', 'order-status']],
      ['guest-order', ['guest-order-list']],
    ]);
  });
});
