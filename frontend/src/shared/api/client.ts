import { currentLanguage } from '../i18n/language';
import { session } from '../session/session';

/** Field name to its messages, as 422 answers carry them. */
export type FieldErrors = Record<string, string[]>;

/** A failed call: the HTTP status (0 when the network failed), the server's message and
 * field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
  }

  /** The first message of each field, as forms show them. */
  firstMessages(): Record<string, string> {
    return Object.fromEntries(
      Object.entries(this.errors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])),
    );
  }
}

/** A toast to show: a server text, or a catalogue id. */
export interface Notice {
  kind: 'info' | 'success' | 'warn' | 'error';
  message?: string;
  messageId?: string;
}

interface Hooks {
  notify: (notice: Notice) => void;
  unauthorized: () => void;
}

let hooks: Hooks = { notify: () => undefined, unauthorized: () => undefined };

/** Connects the client to the toasts and the router (done once by the app). */
export function connectApi(next: Hooks): void {
  hooks = next;
}

/** The answer envelope of the API. */
export interface Envelope<T> {
  message?: string;
  data: T;
}

interface Options {
  body?: unknown;
  /** A token other than the session's (the temporary reset token). */
  token?: string | null;
  /** Do not toast failures (the caller handles them). */
  silent?: boolean;
  /** More headers (the checkout's `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** The spec's error catalogue: what each failure shows. */
export function report(error: ApiError): void {
  switch (error.status) {
    case 401:
      hooks.notify({ kind: 'error', messageId: 'errors.unauthenticated' });
      session.clearAll();
      hooks.unauthorized();
      return;
    case 400:
    case 403:
    case 413:
    case 429:
    case 502:
      hooks.notify({ kind: 'error', message: error.message });
      return;
    case 404:
      hooks.notify({ kind: 'error', messageId: 'errors.not_found' });
      return;
    case 422:
      Object.values(error.firstMessages()).forEach((message) => hooks.notify({ kind: 'error', message }));
      return;
    case 500:
      hooks.notify({ kind: 'error', messageId: 'errors.server' });
      return;
    case 503:
      // The shop's own "try again in a few seconds" (its database is out of reach, or it is
      // busy); a proxy's 503 with no words of ours reads as the network failing.
      hooks.notify(
        error.message ? { kind: 'error', message: error.message } : { kind: 'error', messageId: 'errors.network' },
      );
      return;
    default:
      hooks.notify({ kind: 'error', messageId: 'errors.network' });
  }
}

/** Calls the API in the current language with the session's bearer token. */
export async function api<T>(method: string, path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const token = options.token !== undefined ? options.token : session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(new URL(`/api/${path}`, window.location.origin), { method, headers, body });
  } catch {
    const error = new ApiError(0, 'network');
    if (!options.silent) report(error);
    throw error;
  }
  const payload = (await response.json().catch(() => ({}))) as { message?: string; errors?: FieldErrors };
  if (response.ok) return payload as T;
  const error = new ApiError(response.status, payload.message ?? '', payload.errors ?? {});
  if (!options.silent) report(error);
  throw error;
}
