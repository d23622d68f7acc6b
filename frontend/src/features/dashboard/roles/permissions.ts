/** The resources permissions are grouped by on the roles screen (design §6), longest names
 * first so `guest-order-list` is a guest order's and not an order's. */
export const RESOURCES = [
  'guest-order',
  'dashboard',
  'admin',
  'sales',
  'product',
  'category',
  'client',
  'order',
  'copoun',
  'points',
  'shipping',
  'offer',
  'sms',
  'setting',
  'role',
  'contact',
  'agronomy',
  'integration',
  'phone',
] as const;

/** A permission's resource and action: `guest-order-edit` is `guest-order` and `edit`. */
export function splitPermission(permission: string): { resource: string; action: string } {
  const resource = RESOURCES.find((name) => permission.startsWith(`${name}-`)) ?? permission;
  return { resource, action: permission.slice(resource.length + 1) };
}

/** Permissions grouped by resource, in the order the server lists them. */
export function byResource(permissions: string[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const permission of permissions) {
    const { resource } = splitPermission(permission);
    groups.set(resource, [...(groups.get(resource) ?? []), permission]);
  }
  return [...groups.entries()];
}

/** A permission in the staff member's words: "Orders — edit", as the roles screen groups it. */
export function permissionWords(permission: string, formatMessage: (descriptor: { id: string }) => string): string {
  const { resource, action } = splitPermission(permission);
  return `${formatMessage({ id: `dashboard.roles.resource.${resource}` })} — ${formatMessage({ id: `dashboard.roles.action.${action}` })}`;
}
