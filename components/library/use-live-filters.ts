'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/** Typing waits this long for the next key before the results are asked for. */
export const TYPING_MS = 150;

/** The library's filters as the form holds them: each field's value, '' for none. */
export type FilterValues = Record<string, string>;

/** The filters as a query string, in the order the fields are given, without the empty ones. */
export function filterQuery(values: FilterValues): string {
  return new URLSearchParams(Object.entries(values).filter(([, value]) => value !== '')).toString();
}

/**
 * The library's filters, live: a change is applied at once (a choice) or after TYPING_MS of quiet
 * (typing), and the applied filters are written to the address with `history.replaceState`, which
 * the App Router takes in without asking the server for the page again: a search is a link, and
 * reloading it shows the same. `applied` is the query string the results are asked with.
 */
export function useLiveFilters(initial: FilterValues) {
  const [values, setValues] = useState(initial);
  const [applied, setApplied] = useState(() => filterQuery(initial));
  // The latest values, for a change made before React has drawn the one before it.
  const latest = useRef(initial);
  // The server drew the page again: for the filters shown (an action's refresh), nothing changes; for
  // others (a link followed, as to a new collection), the view takes them.
  const [served, setServed] = useState(() => filterQuery(initial));
  if (filterQuery(initial) !== served) {
    setServed(filterQuery(initial));
    if (filterQuery(initial) !== applied) {
      setValues(initial);
      setApplied(filterQuery(initial));
    }
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const set = useCallback((next: FilterValues, typing: boolean) => {
    latest.current = next;
    setValues(next);
    clearTimeout(timer.current);
    if (typing) timer.current = setTimeout(() => setApplied(filterQuery(next)), TYPING_MS);
    else setApplied(filterQuery(next));
  }, []);

  /** One field changed: typed text waits for the next key, anything else applies now. */
  const change = useCallback((name: string, value: string, { typing = false } = {}) => set({ ...latest.current, [name]: value }, typing), [set]);

  /** Every field but those kept (the trash stays the trash) back to none. */
  const clear = useCallback(
    (keep: string[] = []) => set(Object.fromEntries(Object.entries(latest.current).map(([name, value]) => [name, keep.includes(name) ? value : ''])), false),
    [set],
  );

  useEffect(() => {
    latest.current = values;
  }, [values]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The address follows what is shown (a page further down starts again at the newest).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.history.replaceState(null, '', applied ? `/library?${applied}` : '/library');
  }, [applied]);

  return { values, applied, change, clear, submit: () => set(latest.current, false) };
}
