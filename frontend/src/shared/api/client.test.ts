import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { applyLanguage } from '../i18n/language';
import { ApiError, answer, api, connectApi, type Notice } from './client';

const notices: Notice[] = [];
const unauthorized = vi.fn();

beforeEach(() => {
  notices.length = 0;
  unauthorized.mockReset();
  connectApi({ notify: (notice) => notices.push(notice), unauthorized });
});

function answerWith(status: number, body: unknown) {
  server.use(http.all('*/api/contact', () => HttpResponse.json(body as Record<string, unknown>, { status })));
}

/** A call of the typed client, as every feature makes them. */
const contact = () => api.POST('/api/contact', { body: { name: 'Mona', phone: '01012345678', message: 'Hi' } });

describe('the HTTP client', () => {
  it('sends the language and the bearer token', async () => {
    let seen: Headers | undefined;
    server.use(
      http.post('*/api/contact', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ data: 1 });
      }),
    );
    applyLanguage('en');
    localStorage.setItem('token', 'abc');
    await expect(answer(contact())).resolves.toEqual({ data: 1 });
    expect(seen?.get('accept-language')).toBe('en');
    expect(seen?.get('authorization')).toBe('Bearer abc');
    applyLanguage('ar');
  });

  it('toasts once on 422, how many fields were refused, and keeps each first message for the form', async () => {
    answerWith(422, {
      message: 'Name is required',
      errors: { name: ['Name is required', 'x'], phone: ['Phone is required'] },
    });
    const error = await answer(contact()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).firstMessages()).toEqual({ name: 'Name is required', phone: 'Phone is required' });
    expect(notices).toEqual([{ kind: 'error', messageId: 'forms.fix_fields', values: { count: 2 } }]);
  });

  it('toasts the one message of a 422 that refuses one field', async () => {
    answerWith(422, { message: 'Name is required', errors: { name: ['Name is required'] } });
    await answer(contact()).catch(() => undefined);
    expect(notices).toEqual([{ kind: 'error', message: 'Name is required' }]);
  });

  it('clears local storage and goes to Login on 401', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('cart', '[]');
    answerWith(401, { message: 'Please make sure you are logged in' });
    await expect(answer(contact())).rejects.toBeInstanceOf(ApiError);
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
    [404, { message: 'whatever' }, { kind: 'error', messageId: 'notFound.title' }],
    [500, { message: 'secret' }, { kind: 'error', messageId: 'errors.server' }],
    [
      503,
      { message: 'The shop cannot complete this right now. Please try again in a few seconds.' },
      { kind: 'error', message: 'The shop cannot complete this right now. Please try again in a few seconds.' },
    ],
    [503, {}, { kind: 'error', messageId: 'errors.network' }],
    [418, {}, { kind: 'error', messageId: 'errors.network' }],
  ])('maps %i by the error catalogue', async (status, body, notice) => {
    answerWith(status, body);
    await expect(answer(contact())).rejects.toBeInstanceOf(ApiError);
    expect(notices).toEqual([notice]);
  });

  it('reports a network failure', async () => {
    server.use(http.post('*/api/contact', () => HttpResponse.error()));
    const error = await answer(contact()).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect(notices).toEqual([{ kind: 'error', messageId: 'errors.network' }]);
  });

  it('stays quiet when asked to', async () => {
    answerWith(500, {});
    await expect(answer(contact(), { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(notices).toEqual([]);
  });
});
