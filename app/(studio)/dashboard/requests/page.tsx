import type { Metadata } from 'next';
import { Download } from 'lucide-react';
import { LocalTime } from '@/components/local-time';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { TableHead } from '@/components/ui/table';
import { apiKeyNames } from '@/lib/api-keys/keys';
import { teamPage } from '@/lib/auth/page-context';
import { logScope } from '@/lib/auth/log-scope';
import { atLeast } from '@/lib/auth/roles';
import { queryString, type SearchParams } from '@/lib/http/page-query';
import { format, formatCny } from '@/lib/i18n';
import { getI18n } from '@/lib/i18n/server';
import { listRequests, OPERATIONS, requestFiltersSchema } from '@/lib/request-log/query';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: `${t.dashboard.requests.title} · ${t.dashboard.title}` };
}

const WHEN: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' };

/** The columns a phone leaves out. */
const WIDE = 'hidden sm:table-cell';

export default async function RequestsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, t, query } = await teamPage(requestFiltersSchema, searchParams);
  const { locale } = await getI18n();
  const r = t.dashboard.requests;
  const admin = atLeast(ctx.role, 'admin');
  const [rows, keys] = await Promise.all([listRequests(logScope(ctx), query), admin ? apiKeyNames(ctx) : []]);
  const ms = (n: number | null) => (n === null ? '—' : format(r.ms, { n }));
  return (
    <Card>
      <CardHeader
        title={r.title}
        description={admin ? r.lead : r.leadMine}
        action={
          <a href={`/api/requests/export?${queryString(query)}`} className={buttonClass('secondary', 'sm')} download>
            <Download />
            {r.export}
          </a>
        }
      />
      <form method="get" className="flex flex-wrap items-end gap-2 px-5 pt-4 sm:px-6" aria-label={r.title}>
        <Select
          name="operation"
          defaultValue={query.operation ?? ''}
          aria-label={r.operation}
          options={[{ value: '', label: r.anyOperation }, ...OPERATIONS.map((op) => ({ value: op, label: op }))]}
        />
        {admin && (
          <>
            <Select
              name="origin"
              defaultValue={query.origin ?? ''}
              aria-label={r.origin}
              options={[
                { value: '', label: r.membersOnly },
                { value: 'system', label: r.systemOnly },
                { value: 'all', label: r.everyone },
              ]}
            />
            <Select
              name="source"
              defaultValue={query.source ?? ''}
              aria-label={r.source}
              options={[{ value: '', label: r.anySource }, { value: 'studio', label: r.studio }, ...keys.map((key) => ({ value: key.id, label: key.name }))]}
            />
          </>
        )}
        <Select
          name="outcome"
          defaultValue={query.outcome ?? ''}
          aria-label={r.outcome}
          options={[
            { value: '', label: r.anyOutcome },
            { value: 'ok', label: r.ok },
            { value: 'failed', label: r.failed },
            { value: 'cancelled', label: r.cancelled },
          ]}
        />
        <button type="submit" className={buttonClass('secondary', 'sm')}>
          {r.show}
        </button>
      </form>
      {rows.length === 0 ? (
        <p className="px-5 py-6 text-sm text-ink-subtle sm:px-6">{r.empty}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          {/* On a phone: when, what, how it went and its cost (who, models and times need the width); nothing scrolls sideways. */}
          <table className="w-full text-left text-[13px] sm:min-w-[56rem]" data-testid="request-log">
            <TableHead
              columns={[
                r.columns.when,
                r.columns.who,
                r.columns.operation,
                r.columns.models,
                r.columns.status,
                r.columns.upstream,
                r.columns.own,
                r.columns.cost,
              ]}
              columnClasses={[undefined, WIDE, undefined, WIDE, undefined, WIDE, WIDE]}
              className="border-b"
              endAligned
            />
            <tbody className="divide-y divide-line">
              {rows.map((row) => (
                <tr key={row.id} data-operation={row.operation} data-status={row.status} data-outcome={row.outcome} data-system={row.system || undefined}>
                  <td className="py-2 pr-3 pl-5 text-ink-muted tabular-nums sm:pl-6 sm:whitespace-nowrap">
                    <LocalTime at={row.createdAt} options={WHEN} />
                  </td>
                  <td className={`${WIDE} px-3 py-2 text-ink`}>
                    {row.system ? r.system : (row.member ?? '—')}
                    <span className="block text-xs text-ink-subtle">{row.system ? r.systemHint : (row.source ?? r.studio)}</span>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs [overflow-wrap:anywhere] text-ink">{row.operation}</td>
                  <td className={`${WIDE} max-w-48 truncate px-3 py-2 font-mono text-xs text-ink-muted`} title={row.models.join(', ')}>
                    {row.models.join(', ') || '—'}
                  </td>
                  <td className="px-3 py-2">
                    {row.outcome === 'cancelled' ? (
                      <Badge>{r.cancelled}</Badge>
                    ) : (
                      <>
                        <Badge tone={row.outcome === 'ok' ? 'success' : 'danger'}>{row.status || r.network}</Badge>
                        {row.errorCode && <span className="ml-1.5 font-mono text-xs text-ink-subtle">{row.errorCode}</span>}
                      </>
                    )}
                  </td>
                  <td className={`${WIDE} px-3 py-2 text-ink-muted tabular-nums`}>{ms(row.upstreamMs)}</td>
                  <td className={`${WIDE} px-3 py-2 text-ink-muted tabular-nums`}>{ms(row.ownMs)}</td>
                  <td className="py-2 pr-5 pl-3 text-right text-ink tabular-nums sm:pr-6">{row.cost === null ? '—' : formatCny(row.cost, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="px-5 py-3 text-xs text-ink-subtle sm:px-6">{format(r.shown, { n: rows.length })}</p>
        </div>
      )}
    </Card>
  );
}
