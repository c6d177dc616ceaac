'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
