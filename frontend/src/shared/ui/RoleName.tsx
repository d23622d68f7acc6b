import { useIntl } from 'react-intl';

/** The built-in access roles' names in the page's language; a role staff made keeps its own. */
const BUILT_IN: Record<string, string> = {
  'Super Admin': 'roles.built_in.super_admin',
  'Sales Engineer': 'roles.built_in.sales_engineer',
};

/** An access role's name as staff read it, as text (for a list of choices). */
export function useRoleName(): (name: string) => string {
  const intl = useIntl();
  return (name) => {
    const id = BUILT_IN[name];
    return id ? intl.formatMessage({ id }) : name;
  };
}

/** An access role's name as staff read it. */
export function RoleName({ name }: { name: string }) {
  return <>{useRoleName()(name)}</>;
}
