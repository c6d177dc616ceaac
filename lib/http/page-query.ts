import { notFound } from 'next/navigation';
import type { z } from 'zod';

/** What Next hands a page as its query string. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A page's query string, strictly parsed: an address Atelier never links to is a 404, not a guess. */
export async function pageQuery<S extends z.ZodType>(schema: S, searchParams: SearchParams): Promise<z.output<S>> {
  const parsed = schema.safeParse(await searchParams);
  if (!parsed.success) notFound();
  return parsed.data;
}

/** A query string of the values that are set (`a=1&c=x` of `{ a: '1', b: undefined, c: 'x' }`); empty when none is. */
export const queryString = (values: Record<string, string | undefined>): string =>
  new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => Boolean(e[1]))).toString();

/** A path with the query the values make, or the bare path when they make none. */
export function withQuery(path: string, values: Record<string, string | undefined>): string {
  const query = queryString(values);
  return query ? `${path}?${query}` : path;
}
