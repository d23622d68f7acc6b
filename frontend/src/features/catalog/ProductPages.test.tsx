import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { applyLanguage } from '../../shared/i18n/language';
import { pageRange, ProductPages } from './ProductPages';

beforeEach(() => applyLanguage('en'));

function List({ total }: { total: number }) {
  const [page, setPage] = useState(1);
  return (
    <>
      <p id="the-list">Products</p>
      <ProductPages listId="the-list" total={total} value={page} onChange={setPage} />
    </>
  );
}

describe('pageRange', () => {
  it('offers every page of a short list, and the ends with the neighbours of the current one of a long list', () => {
    expect(pageRange(5, 3)).toEqual([1, 2, 3, 4, 5]);
    expect(pageRange(20, 1)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageRange(20, 10)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageRange(20, 19)).toEqual([1, null, 16, 17, 18, 19, 20]);
  });
});

describe('ProductPages', () => {
  it('marks the current page, steps with next and previous, and brings the top of the list into view', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const user = userEvent.setup();
    renderAt('/', { '/': <List total={3} /> });
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(scrolled).toHaveBeenCalledTimes(2);
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('the-list'));
  });

  it('is not drawn for a list of one page', () => {
    renderAt('/', { '/': <List total={1} /> });
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
