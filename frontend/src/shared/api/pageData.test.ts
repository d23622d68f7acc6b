import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { seedFromPage } from './pageData';

function pageWith(json: string): Document {
  const page = document.implementation.createHTMLDocument();
  const script = page.createElement('script');
  script.id = 'page-data';
  script.type = 'application/json';
  script.textContent = json;
  page.body.append(script);
  return page;
}

const embedded = JSON.stringify({
  language: 'ar',
  queries: [[['catalog', 'ar', 'products', { category: 'seeds' }], { data: [{ slug: 'tomato-seeds' }] }]],
});

describe('seedFromPage', () => {
  it('puts the embedded answers in the cache under their keys, once', () => {
    const client = new QueryClient();
    const page = pageWith(embedded);
    seedFromPage(client, 'ar', page);
    expect(client.getQueryData(['catalog', 'ar', 'products', { category: 'seeds', search: undefined }])).toEqual({
      data: [{ slug: 'tomato-seeds' }],
    });
    expect(page.getElementById('page-data')).toBeNull();
  });

  it('leaves out answers in another language and a broken script', () => {
    const client = new QueryClient();
    seedFromPage(client, 'en', pageWith(embedded));
    seedFromPage(client, 'ar', pageWith('{not json'));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
