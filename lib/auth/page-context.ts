import { redirect } from 'next/navigation';
import { cache } from 'react';
import { AppError } from '../errors';
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
