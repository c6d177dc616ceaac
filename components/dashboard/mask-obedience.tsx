import Link from 'next/link';
import { maskPercent } from '@/lib/edits/mask-guard-label';
import type { MaskObedience } from '@/lib/edits/mask-obedience';
import { withQuery } from '@/lib/http/page-query';
import { format, type Dictionary, type Locale } from '@/lib/i18n';
import type { SpendRange } from '@/lib/ledger/spend';
import { TableHead } from '../ui/table';

/** The column a phone leaves out (the mean), as a column and as cells. */
const WIDE = 'hidden sm:table-column';
const WIDE_CELL = 'hidden sm:table-cell';

/**
 * Per edit model, how much of the picture outside the mask its masked edits changed, most obedient
 * first: the median with a bar (scaled to the largest median shown, so small leaks still read), the
 * mean, and how many results the guard restored. Each model links to its edits of the period.
 */
export function MaskObedienceTable({ rows, range, t, locale }: { rows: MaskObedience[]; range: SpendRange; t: Dictionary; locale: Locale }) {
  const c = t.dashboard.obedience;
  const max = Math.max(...rows.map((r) => r.median), 0.001);
  return (
    <div className="overflow-x-auto">
      <table className="w-full table-fixed text-left text-[13px] sm:min-w-[40rem]">
        <colgroup>
          <col className="w-40 sm:w-48" />
          <col className="w-24 sm:w-28" />
          <col />
          <col className={`${WIDE} w-24`} />
          <col className="w-24 sm:w-28" />
        </colgroup>
        <TableHead
          columns={[c.model, c.edits, c.median, c.mean, c.restored]}
          columnClasses={[undefined, undefined, undefined, WIDE_CELL]}
          className="border-y"
          endAligned
        />
        <tbody className="divide-y divide-line">
          {rows.map((r) => (
            <tr key={r.model} data-model={r.model} data-testid="obedience-row" className="hover:bg-subtle/60">
              <td className="py-2.5 pr-3 pl-5 sm:pl-6">
                <Link
                  href={withQuery('/library', { kind: 'edit', model: r.model, from: range.from, to: range.to })}
                  title={c.open}
                  className="focus-ring block truncate rounded text-ink hover:text-accent"
                >
                  {r.model}
                </Link>
              </td>
              <td className="px-3 py-2.5 text-ink-muted tabular-nums">{r.edits}</td>
              <td className="px-3 py-2.5">
                <span className="flex items-center gap-2.5">
                  <span className="w-14 shrink-0 text-ink tabular-nums">{maskPercent(r.median, locale)}</span>
                  <span className="h-1.5 min-w-0 flex-1 overflow-hidden rounded-full bg-subtle">
                    <span className="block h-full rounded-full bg-danger" style={{ width: `${r.median > 0 ? Math.max(1.5, (r.median / max) * 100) : 0}%` }} />
                  </span>
                </span>
              </td>
              <td className={`${WIDE_CELL} px-3 py-2.5 text-ink-muted tabular-nums`}>{maskPercent(r.mean, locale)}</td>
              <td className="py-2.5 pr-5 pl-3 text-right whitespace-nowrap text-ink-muted tabular-nums sm:pr-6">
                {format(c.restoredOf, { n: r.restored, total: r.edits })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
