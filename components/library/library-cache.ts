import type { InfiniteData } from '@tanstack/react-query';
import { libraryOrder, type LibraryItem } from '@/lib/library/view';

// How the query cache holds the library: one infinite query a view (its filters, and the cursor it
// starts after when it is a page further down), whose pages are /api/library's keyset pages, newest
// first; what the "since" poll and the bulk actions learn is written into those pages.

/** One answer of /api/library: a page, with the cursor of the next (older) one. */
export interface Page {
  items: LibraryItem[];
  next: string | null;
  /** How many results a search matches (its first page says), up to a cap (`totalCapped`: more). */
  total?: number;
  totalCapped?: boolean;
}

/** A view's pages as the cache holds them; each page's param is the `before` it was asked with. */
export type Pages = InfiniteData<Page, string | null>;

export const libraryKeys = {
  /** Everything cached for one set of filters: its pages and its poll. */
  view: (filters: string) => ['library', filters] as const,
  pages: (filters: string, before: string | null) => ['library', filters, 'pages', before] as const,
  news: (filters: string) => ['library', filters, 'news'] as const,
};

/** The filters' query string with one more parameter. */
export function withFilters(filters: string, key: string, value: string): string {
  const query = new URLSearchParams(filters);
  query.set(key, value);
  return query.toString();
}

/** The route's URL for a page: the first one, or the one after `before`. */
export function pageUrl(filters: string, before: string | null): string {
  const query = before ? withFilters(filters, 'before', before) : filters;
  return query ? `/api/library?${query}` : '/api/library';
}

/** The pages as one list in the library's order, each result once (a poll's late arrival may also be on the next page). */
export function shown(data: Pages | undefined): LibraryItem[] {
  const byId = new Map<string, LibraryItem>();
  for (const page of data?.pages ?? []) for (const item of page.items) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()].sort(libraryOrder);
}

/** The newest time shown (the epoch when nothing is): the poll asks for what came after it. */
export const newest = (data: Pages | undefined) => shown(data)[0]?.createdAt ?? new Date(0).toISOString();

/** A poll's answer written in: a result already shown is refreshed where it stands, a new one joins the first page. */
export function mergeNews(data: Pages, news: LibraryItem[]): Pages {
  if (news.length === 0) return data;
  const fresh = new Map(news.map((item) => [item.id, item]));
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((item) => {
      const update = fresh.get(item.id);
      fresh.delete(item.id);
      return update ?? item;
    }),
  }));
  const first = pages[0] ?? { items: [], next: null };
  if (fresh.size > 0) pages[0] = { ...first, items: [...fresh.values(), ...first.items].sort(libraryOrder) };
  return { ...data, pages };
}

/** Results gone from the view (trashed, restored, taken out of its collection); every match gone empties it. */
export function without(data: Pages, ids: string[] | 'matching'): Pages {
  if (ids === 'matching') return { pages: [{ items: [], next: null }], pageParams: data.pageParams.slice(0, 1) };
  const gone = new Set(ids);
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => !gone.has(item.id)) })) };
}
