import Link from 'next/link';
import { previewUrl } from '@/lib/assets/preview-url';
import type { EditRecord } from '@/lib/edits/history';
import { format, formatCny } from '@/lib/i18n';
import { getI18n } from '@/lib/i18n/server';
import { Badge } from '../ui/badge';
import { cn } from '../ui/cn';
import { LocalTime } from '../local-time';

/**
 * The team's edits, newest first, filterable to the viewer's own; each opens back in the studio.
 * Under the empty studio, or (`inPanel`) in the studio's history panel, whose title names it.
 */
export async function EditHistory({
  records,
  scope,
  activeId,
  inPanel = false,
}: {
  records: EditRecord[];
  scope: 'mine' | 'team';
  activeId?: string;
  inPanel?: boolean;
}) {
  const { t, locale } = await getI18n();
  const h = t.edit.history;
  const tab = (value: 'mine' | 'team', label: string) => (
    <Link
      href={`/edit?scope=${value}${activeId ? `&edit=${activeId}` : ''}`}
      aria-current={scope === value ? 'page' : undefined}
      className={cn(
        'rounded-control px-2.5 py-1 text-[13px] font-medium',
        scope === value ? 'bg-surface text-ink shadow-card' : 'text-ink-muted hover:text-ink',
      )}
    >
      {label}
    </Link>
  );
  return (
    <section
      className={cn('grid gap-4', !inPanel && 'mt-10')}
      aria-labelledby={inPanel ? undefined : 'edit-history'}
      aria-label={inPanel ? h.title : undefined}
    >
      <div className={cn('flex items-center gap-3', inPanel ? 'justify-end' : 'justify-between')}>
        {!inPanel && (
          <h2 id="edit-history" className="text-[15px] font-semibold tracking-tight text-ink">
            {h.title}
          </h2>
        )}
        <nav className="flex gap-1 rounded-control bg-subtle p-1" aria-label={h.title}>
          {tab('mine', h.mine)}
          {tab('team', h.team)}
        </nav>
      </div>
      {records.length === 0 ? (
        <p className="rounded-card border border-dashed border-line px-4 py-8 text-center text-sm text-ink-muted">{h.empty}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="edit-history">
          {records.map((r) => (
            <li key={r.id}>
              <Link
                href={`/edit?edit=${r.id}&scope=${scope}`}
                className={cn(
                  'group grid overflow-hidden rounded-card bg-surface shadow-card transition-shadow hover:shadow-md',
                  r.id === activeId && 'ring-2 ring-accent',
                )}
                aria-label={`${h.open}: ${r.prompt}`}
              >
                <span className="relative block aspect-[4/3] bg-subtle">
                  {/* eslint-disable-next-line @next/next/no-img-element -- the stored 256 px preview, behind auth */}
                  <img src={previewUrl(r.resultAssetId ?? r.originalAssetId)} alt="" loading="lazy" className="absolute inset-0 h-full w-full object-cover" />
                </span>
                <span className="grid gap-1 p-2.5">
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-[12px] font-medium text-ink">{t.edit.kinds[r.kind].name}</span>
                    <Badge tone={r.status === 'completed' ? 'success' : r.status === 'failed' ? 'danger' : 'neutral'}>
                      {h.status[r.status as keyof typeof h.status] ?? r.status}
                    </Badge>
                  </span>
                  <span className="line-clamp-2 text-[12px] leading-snug text-ink-muted">{r.prompt}</span>
                  <span className="flex justify-between gap-2 text-[11px] text-ink-subtle">
                    <span className="truncate">
                      {format(h.by, { name: r.author })} · <LocalTime at={r.createdAt} options={{ dateStyle: 'short', timeStyle: 'short' }} />
                    </span>
                    {r.cost && <span className="tabular-nums">{formatCny(r.cost, locale)}</span>}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
