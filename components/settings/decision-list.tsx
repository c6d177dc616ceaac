import { Download, ScrollText } from 'lucide-react';
import Link from 'next/link';
import type { DecisionRow } from '@/lib/audit/decisions';
import { formatCny } from '@/lib/i18n';
import { getI18n } from '@/lib/i18n/server';
import { EmptyState } from '../empty/empty-state';
import { LocalTime } from '../local-time';
import { buttonClass } from '../ui/button';
import { Card, CardHeader } from '../ui/card';

/** Facts worth a reader's eye, in order, each as the trail keeps it (amounts in CNY). */
const FACTS = ['estimate', 'reason', 'model', 'version', 'from', 'to'] as const;

/** The trail of decisions (a server component: nothing of it runs in the browser but the times). */
export async function DecisionList({ rows, older }: { rows: DecisionRow[]; older: string | null }) {
  const { t, locale } = await getI18n();
  const d = t.review.decisions;
  const fact = (row: DecisionRow, name: (typeof FACTS)[number]) => {
    const value = row.details[name];
    if (value === null || value === undefined || value === '') return null;
    if (name === 'estimate' || ((name === 'from' || name === 'to') && row.action === 'threshold.changed')) return formatCny(String(value), locale);
    if (name === 'version') return t.review.version.replace('{n}', String(value));
    if (name === 'reason' && row.action === 'approval.void')
      return t.review.approvals.voidReasons[value as keyof typeof t.review.approvals.voidReasons] ?? String(value);
    return String(value);
  };
  return (
    <Card>
      <CardHeader
        title={d.title}
        description={d.lead}
        action={
          <a href="/api/decisions/export" download className={buttonClass('secondary', 'sm')} data-testid="decisions-csv">
            <Download />
            {d.csv}
          </a>
        }
      />
      {rows.length === 0 ? (
        <div className="p-5 sm:p-6">
          <EmptyState icon={<ScrollText />} title={d.title} description={d.empty} />
        </div>
      ) : (
        <ol className="mt-4 divide-y divide-line border-t border-line" data-testid="decisions">
          {rows.map((row) => {
            const facts = FACTS.map((name) => fact(row, name)).filter(Boolean);
            return (
              <li key={row.id} className="grid gap-1 px-5 py-3.5 sm:px-6" data-testid="decision" data-action={row.action}>
                <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
                  <span className="font-medium text-ink">{d.actions[row.action.replace('.', '_') as keyof typeof d.actions]}</span>
                  <span className="text-xs text-ink-subtle">
                    {row.actor ?? d.system} · <LocalTime at={row.at} options={{ dateStyle: 'medium', timeStyle: 'short' }} />
                  </span>
                </p>
                <p className="line-clamp-2 text-[13px] break-words text-ink-muted">{row.details.about}</p>
                {facts.length > 0 && <p className="text-xs break-words text-ink-subtle">{facts.join(' · ')}</p>}
              </li>
            );
          })}
        </ol>
      )}
      {older && (
        <div className="border-t border-line px-5 py-3 sm:px-6">
          <Link href={older} className={buttonClass('ghost', 'sm')}>
            {d.more}
          </Link>
        </div>
      )}
    </Card>
  );
}
