import type { Metadata } from 'next';
import { ApprovalsView } from '@/components/inbox/approvals-view';
import { listApprovals } from '@/lib/approvals/requests';
import { requireTeamContext } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import { getI18n } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.review.approvals.title };
}

/** Requests held for approval: owners and admins decide them here; everyone follows their own. */
export default async function ApprovalsPage() {
  const ctx = await requireTeamContext();
  const decider = atLeast(ctx.role, 'admin');
  const [mine, waiting, decided] = await Promise.all([
    listApprovals(ctx, 'mine'),
    decider ? listApprovals(ctx, 'waiting') : [],
    decider ? listApprovals(ctx, 'decided') : [],
  ]);
  return <ApprovalsView decider={decider} initial={{ mine, waiting, decided }} />;
}
