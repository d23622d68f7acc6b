import type { QueryClient } from '@tanstack/react-query';
import { noticeOutage } from './client';

/** What the server embeds in a page it painted: the API's answers under the app's query keys. */
interface PageData {
  language: string;
  queries: [readonly unknown[], unknown][];
  /** The shop's database was out of reach when the page was painted. */
  degraded?: boolean;
}

/** Puts the answers the server embedded in the page (`#page-data`) into the query cache, so
 * the first render shows the products the server drew instead of asking for them again.
 * Answers in another language than the app's are left out. */
export function seedFromPage(client: QueryClient, language: string, page: Document = document): void {
  const script = page.getElementById('page-data');
  if (!script?.textContent) return;
  script.remove();
  let data: PageData;
  try {
    data = JSON.parse(script.textContent) as PageData;
  } catch {
    return;
  }
  if (data.degraded) noticeOutage();
  if (data.language !== language || !Array.isArray(data.queries)) return;
  for (const [key, answer] of data.queries) client.setQueryData(key, answer);
}
