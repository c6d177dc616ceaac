'use client';

import { QueryClient, QueryClientProvider, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/** The client's one cache of server state: every poll and fetch of JSON from our routes goes through it. */
export function ServerStateProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // Live views poll on their own schedule; a failed poll simply waits for the next one.
          queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** GETs one of our JSON routes for a query; a refusal throws, so the query keeps its last good data. */
export async function getJson<T>(url: string, { signal }: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(url, { cache: 'no-store', signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * One of our JSON routes read through the cache, keyed by its URL: every view of the same URL shares
 * one answer (shown at once when cached, asked again when stale). A refusal leaves `data` undefined.
 */
export function useJson<T>(url: string, options: Pick<UseQueryOptions<T>, 'enabled' | 'refetchInterval' | 'staleTime'> = {}) {
  return useQuery({ queryKey: [url], queryFn: ({ signal }) => getJson<T>(url, { signal }), ...options });
}

/**
 * POSTs to one of our routes (JSON, or a form as multipart; PATCH or DELETE when asked) and answers
 * its status with the JSON it sent back (null when it was not JSON): a refusal is an answer for the
 * caller to word; only a lost connection or an abort throws.
 */
export async function postJson<T>(
  url: string,
  body: unknown,
  { signal, method = 'POST' }: { signal?: AbortSignal; method?: 'POST' | 'PATCH' | 'DELETE' } = {},
): Promise<{ ok: boolean; status: number; body: T | null }> {
  const payload =
    body === undefined ? {} : body instanceof FormData ? { body } : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(url, { method, ...payload, signal });
  return { ok: response.ok, status: response.status, body: (await response.json().catch(() => null)) as T | null };
}

/** DELETEs at one of our routes, for a caller that needs no answer (a cancel): settles either way. */
export async function deleteAt(url: string): Promise<void> {
  await fetch(url, { method: 'DELETE' }).catch(() => undefined);
}
