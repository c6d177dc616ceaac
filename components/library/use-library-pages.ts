'use client';

import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { getJson } from '../server-state';
import { libraryKeys, mergeNews, newest, pageUrl, shown, without, withFilters, type Page, type Pages } from './library-cache';

/** New results made anywhere in the team show up within this (the poll asks the database, so any replica will do). */
const POLL_MS = 5_000;

/**
 * A library view's results from the query cache: the server's page first, older pages as asked for,
 * and what is new polled for every 5 s and written into the cached pages. Not on a page further down
 * (`start`, the cursor it begins after): that is a fixed window, nothing new arrives above it. When
 * the filters change (a live search), the last results stay shown until the new ones are in (`busy`).
 */
export function useLibraryPages({ initial, filters, start }: { initial?: Page; filters: string; start: string | null }) {
  const client = useQueryClient();
  const key = useMemo(() => libraryKeys.pages(filters, start), [filters, start]);
  // The page the server just rendered is the freshest there is: each mount starts the cache from it
  // (as hydration would), so coming back to the library never shows an older visit's results.
  useState(() => initial && client.setQueryData<Pages>(key, { pages: [initial], pageParams: [start] }));
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData, isPending } = useInfiniteQuery<
    Page,
    Error,
    Pages,
    typeof key,
    string | null
  >({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => getJson<Page>(pageUrl(filters, pageParam), { signal }),
    initialPageParam: start,
    getNextPageParam: (last) => last.next,
    // Never asked again as a whole: the poll brings what changes, and older pages are fixed windows.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const items = useMemo(() => shown(data), [data]);

  useQuery({
    queryKey: libraryKeys.news(filters),
    queryFn: async ({ signal }) => {
      // What came after the newest result shown (the server looks a little further back, for
      // results whose transaction committed late); the answer is merged into the pages by id.
      const since = newest(client.getQueryData<Pages>(key));
      const { items: news } = await getJson<Page>(`/api/library?${withFilters(filters, 'since', since)}`, { signal });
      // An older page on its way lands on the pages as they were when it was asked for, which would
      // undo a merge now; the next poll asks again from the same newest result, so nothing is lost.
      if (!client.isFetching({ queryKey: key, exact: true })) client.setQueryData<Pages>(key, (pages) => pages && mergeNews(pages, news));
      return news;
    },
    // Once this view's own first page is in: a poll from nothing would ask for everything.
    enabled: start === null && !isPlaceholderData && !isPending,
    refetchInterval: POLL_MS,
    staleTime: POLL_MS,
  });

  // A failed page waits for the reader's retry rather than for the end of the grid to come back into view.
  const [failed, setFailed] = useState(false);
  const loadOlder = useCallback(async () => {
    if (!hasNextPage || isFetchingNextPage) return;
    setFailed(false);
    setFailed((await fetchNextPage()).isError);
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const remove = useCallback(
    async (ids: string[] | 'matching') => {
      // A page or a poll asked for before the removal would bring the results back: dropped first.
      await client.cancelQueries({ queryKey: libraryKeys.view(filters) });
      client.setQueryData<Pages>(key, (pages) => pages && without(pages, ids));
    },
    [client, filters, key],
  );

  return {
    items,
    count: countOf(data?.pages[0]),
    busy: isPlaceholderData || isPending,
    next: hasNextPage ? (data?.pages.at(-1)?.next ?? null) : null,
    loading: isFetchingNextPage,
    failed,
    loadOlder,
    remove,
  };
}

/** How many match, as the first page of a search says it ("1000+" past the route's cap); null when it does not. */
function countOf(first: Page | undefined): number | string | null {
  if (first?.total === undefined) return null;
  return first.totalCapped ? `${first.total}+` : first.total;
}

export type LibraryPages = ReturnType<typeof useLibraryPages>;
