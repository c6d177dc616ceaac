import type { Metadata } from 'next';
import { z } from 'zod';
import { DecisionList } from '@/components/settings/decision-list';
import { listDecisions } from '@/lib/audit/decisions';
import { teamPage } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import type { SearchParams } from '@/lib/http/page-query';
import { getI18n } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.review.decisions.title };
}

const pageQuery = z.object({ before: z.iso.datetime().optional() });

/** Settings → Decisions: the team's audit trail of decisions, newest first, and all of it as CSV (owners and admins). */
export default async function DecisionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, t, query } = await teamPage(pageQuery, searchParams);
  if (!atLeast(ctx.role, 'admin')) return <p className="text-sm text-ink-muted">{t.serverErrors.adminsOnly}</p>;
  const { rows, more } = await listDecisions(ctx, query.before ? new Date(query.before) : undefined);
  return <DecisionList rows={rows} older={more ? `/settings/decisions?before=${encodeURIComponent(rows[rows.length - 1].at)}` : null} />;
}
