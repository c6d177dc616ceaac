import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { cache } from 'react';
import { AppError } from '../errors';
import { pageQuery, type SearchParams } from '../http/page-query';
import { getI18n } from '../i18n/server';
import { teamContext, type TeamContext } from './context';

/**
 * For studio layouts and pages: the team context, resolved once per render, sending a signed-out
 * visitor (or one whose account is gone) to the sign-in page instead of an error screen.
 */
export const requireTeamContext = cache(async (): Promise<TeamContext> => {
  try {
    return await teamContext();
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthenticated') redirect('/sign-in');
    throw error;
  }
});

/**
 * What a studio page with a query string starts from: the team, the UI's language and the query,
 * strictly parsed (an address Atelier never links to is a 404).
 */
export async function teamPage<S extends z.ZodType>(schema: S, searchParams: SearchParams) {
  const ctx = await requireTeamContext(); // first: a signed-out visitor goes to sign in, whatever the query
  const [i18n, query] = await Promise.all([getI18n(), pageQuery(schema, searchParams)]);
  return { ctx, ...i18n, query };
}
