import Link from 'next/link';
import { formatCny, type Dictionary, type Locale } from '@/lib/i18n';
import { generationHref } from '@/lib/generations/href';
import type { TopGeneration } from '@/lib/ledger/spend';
import { KIND_COLORS } from './series';
import { TableHead } from '../ui/table';
import { LocalTime } from '../local-time';

/** The columns a phone leaves out (who and when), as columns and as cells. */
const WIDE = 'hidden sm:table-column';
const WIDE_CELL = 'hidden sm:table-cell';
const WHEN: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };

/**
 * The costliest generations of the period, each linking to where it can be seen again (its time in
 * the viewer's zone). On a phone it shows what, which kind and how much: who and when need the width.
 */
export function TopGenerations({ rows, t, locale }: { rows: TopGeneration[]; t: Dictionary; locale: Locale }) {
  const c = t.dashboard.top;
  if (rows.length === 0) return <p className="px-5 pb-6 text-sm text-ink-subtle sm:px-6">{c.empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full table-fixed text-left text-[13px] sm:min-w-[40rem]">
        <colgroup>
          <col />
          <col className="w-28 sm:w-32" />
          <col className={`${WIDE} w-36`} />
          <col className={`${WIDE} w-40`} />
          <col className="w-24 sm:w-28" />
        </colgroup>
        <TableHead
          columns={[c.prompt, c.kind, c.by, c.when, c.cost]}
          columnClasses={[undefined, undefined, WIDE_CELL, WIDE_CELL]}
          className="border-b"
          endAligned
        />
        <tbody className="divide-y divide-line">
          {rows.map((g) => (
            <tr key={g.id} data-amount={g.amount} className="hover:bg-subtle/60">
              <td className="py-2.5 pr-3 pl-5 sm:pl-6">
                <Link href={generationHref(g)} className="focus-ring block truncate rounded text-ink hover:text-accent" title={g.prompt}>
                  {g.prompt}
                </Link>
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap text-ink-muted">
                <span className="inline-flex items-center gap-1.5">
                  <span className="size-2 rounded-full" style={{ background: KIND_COLORS[g.kind] }} />
                  {t.dashboard.kinds[g.kind]}
                </span>
              </td>
              <td className={`${WIDE_CELL} truncate px-3 py-2.5 text-ink-muted`}>{g.by}</td>
              <td className={`${WIDE_CELL} px-3 py-2.5 whitespace-nowrap text-ink-muted tabular-nums`}>
                <LocalTime at={g.createdAt} options={WHEN} />
              </td>
              <td className="py-2.5 pr-5 pl-3 text-right font-medium whitespace-nowrap text-ink tabular-nums sm:pr-6">{formatCny(g.amount, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
