import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();

function set(next: number) {
  pending = Math.max(0, next);
  listeners.forEach((listener) => listener());
}

/** Shows the full-screen loading overlay while the promise runs. */
export async function withLoading<T>(work: Promise<T>): Promise<T> {
  set(pending + 1);
  try {
    return await work;
  } finally {
    set(pending - 1);
  }
}

/** Whether the global loading flag is set. */
export function useGlobalLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
  );
}
