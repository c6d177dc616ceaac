'use server';

import { refresh } from 'next/cache';
import { teamAction } from '@/lib/auth/action';
import { budgetSettingsSchema, updateBudgets } from '@/lib/ledger/budgets';

export const saveBudgets = teamAction(budgetSettingsSchema, 'admin', async (ctx, input) => {
  await updateBudgets(ctx, input);
  refresh();
  return null;
});
