import { useRef } from 'react';
import { ApiError } from './client';

/** 32 random hex digits; `getRandomValues` works on plain http too, where `randomUUID` does not. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The `Idempotency-Key` of the attempt under way (design §5): the same while the same request
 * is sent again (a double click, a retry after the network failed), a fresh one once the server
 * has answered or the request changed. Checkout, the points exchange and SMS broadcasts send it. */
export function useAttemptKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: unknown): string => {
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: randomKey() };
    return attempt.current.key;
  };
  /** The server answered this attempt; the next one is a new request. */
  const settle = () => {
    attempt.current = null;
  };
  return {
    keyFor,
    settle,
    /** Sends `body` under the attempt's key: an answer or a refusal ends the attempt, while a
     * lost connection or a 5xx may not have reached the server, and the retry keeps the key. */
    async send<T>(body: unknown, request: (key: string) => Promise<T>): Promise<T> {
      try {
        const answer = await request(keyFor(body));
        settle();
        return answer;
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) settle();
        throw error;
      }
    },
  };
}
