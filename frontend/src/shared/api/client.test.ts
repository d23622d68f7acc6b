import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { applyLanguage } from '../i18n/language';
import { ApiError, api, connectApi, type Notice } from './client';

const notices: Notice[] = [];
const unauthorized = vi.fn();

beforeEach(() => {
  notices.length = 0;
  unauthorized.mockReset();
  connectApi({ notify: (notice) => notices.push(notice), unauthorized });
});

function answer(status: number, body: unknown) {
  server.use(http.all('*/api/thing', () => HttpResponse.json(body as Record<string, unknown>, { status })));
}

describe('the HTTP client', () => {
  it('sends the language and the bearer token', async () => {
    let seen: Headers | undefined;
    server.use(
      http.get('*/api/thing', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ data: 1 });
      }),
    );
    applyLanguage('en');
    localStorage.setItem('token', 'abc');
    await expect(api('GET', 'thing')).resolves.toEqual({ data: 1 });
    expect(seen?.get('accept-language')).toBe('en');
    expect(seen?.get('authorization')).toBe('Bearer abc');
    applyLanguage('ar');
  });

  it('toasts the first message of each field on 422 and keeps them for the form', async () => {
    answer(422, {
      message: 'Name is required',
      errors: { name: ['Name is required', 'x'], phone: ['Phone is required'] },
    });
    const error = await api('POST', 'thing', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).firstMessages()).toEqual({ name: 'Name is required', phone: 'Phone is required' });
    expect(notices.map((n) => n.message)).toEqual(['Name is required', 'Phone is required']);
  });

  it('clears local storage and goes to Login on 401', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('cart', '[]');
    answer(401, { message: 'Please make sure you are logged in' });
    await expect(api('GET', 'thing')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.length).toBe(0);
    expect(unauthorized).toHaveBeenCalledOnce();
    expect(notices).toEqual([{ kind: 'error', messageId: 'errors.unauthenticated' }]);
  });

  it.each([
    [
      403,
      { message: 'You do not have permission to do this.' },
      { kind: 'error', message: 'You do not have permission to do this.' },
    ],
    [400, { message: 'Already verified' }, { kind: 'error', message: 'Already verified' }],
    [404, { message: 'whatever' }, { kind: 'error', messageId: 'errors.not_found' }],
    [500, { message: 'secret' }, { kind: 'error', messageId: 'errors.server' }],
    [
      503,
      { message: 'The shop cannot complete this right now. Please try again in a few seconds.' },
      { kind: 'error', message: 'The shop cannot complete this right now. Please try again in a few seconds.' },
    ],
    [503, {}, { kind: 'error', messageId: 'errors.network' }],
    [418, {}, { kind: 'error', messageId: 'errors.network' }],
  ])('maps %i by the error catalogue', async (status, body, notice) => {
    answer(status, body);
    await expect(api('GET', 'thing')).rejects.toBeInstanceOf(ApiError);
    expect(notices).toEqual([notice]);
  });

  it('reports a network failure', async () => {
    server.use(http.get('*/api/thing', () => HttpResponse.error()));
    const error = await api('GET', 'thing').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect(notices).toEqual([{ kind: 'error', messageId: 'errors.network' }]);
  });

  it('stays quiet when asked to', async () => {
    answer(500, {});
    await expect(api('GET', 'thing', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notices).toEqual([]);
  });
});
