import type { ReactNode } from 'react';

/** Text that reads left to right inside Arabic — a signed number, a percent, a phone, a URL —
 * isolated so the Arabic around it cannot reorder it ("-20%", not "20%-"). */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
