'use server';

import { refresh } from 'next/cache';
import { teamAction } from '@/lib/auth/action';
import { approvalThresholdSchema, setApprovalThreshold } from '@/lib/approvals/settings';

/** Settings → Team: the amount above which a member's request waits for approval (null: off). */
export const setApprovalThresholdAction = teamAction(approvalThresholdSchema, 'admin', async (ctx, { above }) => {
  const saved = await setApprovalThreshold(ctx, above);
  refresh();
  return saved;
});
