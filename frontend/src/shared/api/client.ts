import type { Client } from 'openapi-fetch';
import { currentLanguage } from '../i18n/language';
import { session } from '../session/session';
import { markAway } from './outage';
import type { paths } from './schema';

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
  /** The values `messageId`'s text takes. */
  values?: Record<string, number>;
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

/** How a call's failure is handled. */
export interface CallOptions {
  /** Do not toast failures (the caller handles them). */
  silent?: boolean;
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
      hooks.notify({ kind: 'error', messageId: 'notFound.title' });
      return;
    case 422: {
      // One toast, not one per field: a form shows each message under its field.
      const messages = Object.values(error.firstMessages());
      hooks.notify(
        messages.length > 1
          ? { kind: 'error', messageId: 'forms.fix_fields', values: { count: messages.length } }
          : { kind: 'error', message: messages[0] ?? error.message },
      );
      return;
    }
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

/** What a call may carry, as openapi-fetch's types describe it. */
interface Init {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
  parseAs?: 'json' | 'blob';
}

/** Sends one call in the current language with the session's token (unless it brings its
 * own: the temporary reset token). */
async function send(method: string, path: string, init: Init = {}) {
  const address = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(init.params?.path?.[name])),
  );
  const url = new URL(address, window.location.origin);
  for (const [name, value] of Object.entries(init.params?.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(init.params?.header ?? {})) {
    if (value !== undefined && value !== null) headers.set(name, String(value));
  }
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', currentLanguage());
  const token = session.token();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) {
    body = init.body;
  } else if (init.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.body);
  }
  const response = await fetch(url, { method, headers, body });
  if (!response.ok) return { error: await response.json().catch(() => undefined), response };
  const data = init.parseAs === 'blob' ? await response.blob() : await response.json().catch(() => undefined);
  return { data, response };
}

/** The API, its paths, parameters, bodies and answers typed from the OpenAPI document
 * (`schema.d.ts`, generated from the server) by openapi-fetch's types: a path, a query or a
 * body the server does not take is a type error, not a 404 at run time. The few lines that
 * send are ours (`send`): openapi-fetch's own runtime weighs 2 KB more than the storefront's
 * JavaScript budget leaves. Calls go through `answer`. */
export const api = {
  GET: (path: string, init?: Init) => send('GET', path, init),
  POST: (path: string, init?: Init) => send('POST', path, init),
  PUT: (path: string, init?: Init) => send('PUT', path, init),
  DELETE: (path: string, init?: Init) => send('DELETE', path, init),
} as unknown as Pick<Client<paths>, 'GET' | 'POST' | 'PUT' | 'DELETE'>;

/** A form with files, sent as `multipart/form-data` as the browser builds it. The API document
 * types these bodies for JSON callers (numbers as numbers); a form's fields are all text, which
 * the server reads the same way, so the body is handed over untyped. */
export function formBody(form: FormData): { body: never } {
  return { body: form as never };
}

/** What a call of `api` resolves to. */
interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer of a call of `api`, or an `ApiError` (0 when the network failed), toasted
 * as the spec's error catalogue says unless the call is `silent`. */
export async function answer<T>(call: Promise<Outcome<T>>, options: CallOptions = {}): Promise<T> {
  let outcome: Outcome<T>;
  try {
    outcome = await call;
  } catch {
    const error = new ApiError(0, 'network');
    if (!options.silent) report(error);
    throw error;
  }
  if (outcome.response.ok) return outcome.data as T;
  // A proxy's error page is not JSON: it carries no words of ours.
  const payload = (typeof outcome.error === 'object' && outcome.error !== null ? outcome.error : {}) as {
    message?: string;
    errors?: FieldErrors;
  };
  const error = new ApiError(outcome.response.status, payload.message ?? '', payload.errors ?? {});
  // The shop's own 503 (its database is away), not a proxy's: the banner says ordering waits.
  if (error.status === 503 && error.message) noticeOutage();
  if (!options.silent) report(error);
  throw error;
}

/** The shop said its database is away: the banner shows until `/api/ready` says `ok` again. */
export function noticeOutage(): void {
  markAway(async () => {
    const { data } = await api.GET('/api/ready');
    return data?.status === 'ok';
  });
}
