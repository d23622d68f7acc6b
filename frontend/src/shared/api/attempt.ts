import { useRef } from 'react';

/** 32 random hex digits; `getRandomValues` works on plain http too, where `randomUUID` does not. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The `Idempotency-Key` of the attempt under way (design §5): the same while the same request
 * is sent again (a double click, a retry after the network failed), a fresh one once the server
 * has answered or the request changed. Checkout and the points exchange send it. */
export function useAttemptKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (attempt.current?.body !== text) attempt.current = { body: text, key: randomKey() };
      return attempt.current.key;
    },
    /** The server answered this attempt; the next one is a new request. */
    settle() {
      attempt.current = null;
    },
  };
}
