import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderAt } from '../../../test/render';
import { applyLanguage } from '../../../shared/i18n/language';
import { session } from '../../../shared/session/session';
import { staffUser } from '../../../test/users';
import { DashboardSearch } from './DashboardSearch';

const groups = [{ id: 1, members: ['قوطة', 'طماطم', 'tomato'] }];
const misses = [{ id: 7, text: 'بلح', language: 'ar', searches: 3, last_searched_at: '2026-11-25T09:00:00Z' }];

let sent: { method: string; url: string; body: unknown }[] = [];
beforeEach(() => {
  applyLanguage('en');
  sent = [];
  server.use(
    http.get('*/api/dashboard/search/synonyms', () => HttpResponse.json({ data: groups })),
    http.get('*/api/dashboard/search/misses', () =>
      HttpResponse.json({ data: misses, meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 } }),
    ),
    http.post('*/api/dashboard/search/synonyms', async ({ request }) => {
      const body = (await request.json()) as { members: string[] };
      sent.push({ method: 'POST', url: request.url, body });
      if (body.members.filter((member) => member.trim()).length < 2)
        return HttpResponse.json(
          { message: 'x', errors: { members: ['A group needs at least two different words or phrases.'] } },
          { status: 422 },
        );
      return HttpResponse.json({ message: 'The synonyms have been saved.', data: { id: 2, members: body.members } });
    }),
    http.delete('*/api/dashboard/search/misses/:id', ({ request }) => {
      sent.push({ method: 'DELETE', url: request.url, body: null });
      return HttpResponse.json({ message: 'The search has been removed from the list.' });
    }),
  );
});

describe('DashboardSearch', () => {
  it('answers a search that found nothing with a synonym group, and shows why a group is refused', async () => {
    session.signIn(staffUser(['setting-list', 'setting-edit']));
    renderAt('/', { '/': <DashboardSearch /> });
    expect(await screen.findByText('قوطة · طماطم · tomato')).toBeInTheDocument();
    const miss = await screen.findByTestId('search-miss');
    expect(miss).toHaveTextContent('بلح');
    expect(miss).toHaveTextContent('3 searches');

    await userEvent.click(within(miss).getByRole('button', { name: 'Add a synonym' }));
    const members = screen.getByLabelText(/A new group/);
    expect(members).toHaveValue('بلح\n');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A group needs at least two different words or phrases.', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeInTheDocument();

    await userEvent.type(members, 'تمر');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The synonyms have been saved.')).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ method: 'POST', body: { members: ['بلح', 'تمر'] } });
    await waitFor(() => expect(members).toHaveValue(''));

    await userEvent.click(within(miss).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'DELETE' }));
    expect(sent.at(-1)?.url).toMatch(/\/dashboard\/search\/misses\/7$/);
  });

  it('shows the groups and the misses read-only without the edit permission', async () => {
    session.signIn(staffUser(['setting-list']));
    renderAt('/', { '/': <DashboardSearch /> });
    expect(await screen.findByText('قوطة · طماطم · tomato')).toBeInTheDocument();
    expect(await screen.findByTestId('search-miss')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a synonym' })).toBeNull();
    expect(screen.queryByLabelText(/A new group/)).toBeNull();
  });
});
