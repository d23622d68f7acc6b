import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { renderAt } from '../../test/render';
import { answer, api } from '../api/client';
import { seedFromPage } from '../api/pageData';
import { applyLanguage } from '../i18n/language';
import { OfflineNotice } from './OfflineNotice';

/** `/api/ready` answering `status`, counted. */
function readyAnswers(status: 'ok' | 'degraded') {
  const asked = { times: 0 };
  server.use(
    http.get('*/api/ready', () => {
      asked.times += 1;
      return HttpResponse.json({
        status,
        database: 'postgres',
        ...(status === 'degraded' ? { serving: 'catalogue' } : {}),
      });
    }),
  );
  return asked;
}

/** A painted page whose data says the database was away. */
function degradedPage(): Document {
  const page = document.implementation.createHTMLDocument();
  const script = page.createElement('script');
  script.id = 'page-data';
  script.textContent = JSON.stringify({ language: 'ar', queries: [], degraded: true });
  page.body.append(script);
  return page;
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('the outage notice', () => {
  it('shows from the first render of a page painted while the database was away, until the shop is ready again', async () => {
    applyLanguage('ar');
    const ready = readyAnswers('degraded');
    seedFromPage(new QueryClient(), 'ar', degradedPage());
    renderAt('/', { '/': <OfflineNotice /> });
    expect(await screen.findByTestId('outage-notice')).toHaveTextContent('الطلب متوقف لحظات');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(ready.times).toBe(1);
    expect(screen.getByTestId('outage-notice')).toBeInTheDocument();
    readyAnswers('ok');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByTestId('outage-notice')).toBeNull();
  });

  it("shows when a call gets the shop's own 503, not a proxy's", async () => {
    applyLanguage('en');
    renderAt('/', { '/': <OfflineNotice /> });
    server.use(http.post('*/api/contact', () => new HttpResponse('<html>Bad gateway</html>', { status: 503 })));
    const contact = () => api.POST('/api/contact', { body: { name: 'Mona', phone: '01012345678', message: 'Hi' } });
    await answer(contact(), { silent: true }).catch(() => undefined);
    expect(screen.queryByTestId('outage-notice')).toBeNull();
    server.use(
      http.post('*/api/contact', () =>
        HttpResponse.json({ message: 'Please try again in a few seconds.' }, { status: 503 }),
      ),
    );
    await answer(contact(), { silent: true }).catch(() => undefined);
    expect(await screen.findByTestId('outage-notice')).toHaveTextContent('Ordering is paused for a moment');
    readyAnswers('ok');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByTestId('outage-notice')).toBeNull();
  });
});
