import { cache } from 'react';
import { requireTeamContext } from '../auth/page-context';
import { budgetStatus } from './budgets';

/** This month's budgets for the page being rendered: read once, however many parts of it ask (the studio banner, the page). */
export const pageBudgetStatus = cache(async () => budgetStatus(await requireTeamContext()));
