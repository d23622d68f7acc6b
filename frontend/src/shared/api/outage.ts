import { useSyncExternalStore } from 'react';

// Whether the shop's database is away: the server said so (a 503 of its own, or the painted
// page's data), and no readiness check since has said it is back. Reads go on from the
// server's memory meanwhile; the app says that ordering waits.

/** How often the app asks whether the shop is back while it is away. */
const CHECK_EVERY_MS = 5_000;

let away = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (away === next) return;
  away = next;
  listeners.forEach((listener) => listener());
}

/** Marks the shop's database away and asks `isBack` every few seconds until it says yes. */
export function markAway(isBack: () => Promise<boolean>): void {
  if (away) return;
  set(true);
  const check = async () => {
    const back = await isBack().catch(() => false);
    if (back) set(false);
    else setTimeout(check, CHECK_EVERY_MS);
  };
  setTimeout(check, CHECK_EVERY_MS);
}

/** Whether the shop's database is away, kept current. */
export function useDatabaseAway(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => away,
    () => false,
  );
}
