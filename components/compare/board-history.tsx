import { ImageOff, Star } from 'lucide-react';
import Link from 'next/link';
import type { BoardSummary } from '@/lib/comparisons/queries';
import { format, formatCny, type Dictionary, type Locale } from '@/lib/i18n';
import { Badge } from '../ui/badge';
import { buttonClass } from '../ui/button';
import { Card, CardBody, CardHeader } from '../ui/card';
import { LocalTime } from '../local-time';

/** The team's past boards, newest first: thumbnails, prompt, models, cost; each opens its board. */
export function BoardHistory({ items, page, hasMore, t, locale }: { items: BoardSummary[]; page: number; hasMore: boolean; t: Dictionary; locale: Locale }) {
  const h = t.compare.history;
  return (
    <Card aria-labelledby="board-history">
      <CardHeader title={<span id="board-history">{h.title}</span>} />
      <CardBody>
        {items.length === 0 ? (
          <p className="text-sm text-ink-muted">{h.empty}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <li key={item.id} data-testid="history-item">
                <Link
                  href={`/compare/${item.id}`}
                  className="focus-ring grid gap-2 rounded-control border border-line p-2.5 transition-colors hover:border-line-strong hover:bg-subtle/50"
                >
                  <div className="grid grid-cols-4 gap-1">
                    {item.thumbnails.length === 0 ? (
                      <div className="col-span-4 flex aspect-[4/1] items-center justify-center gap-1.5 rounded-[0.35rem] bg-subtle text-xs text-ink-subtle">
                        <ImageOff className="size-3.5" />
                        {h.noImages}
                      </div>
                    ) : (
                      item.thumbnails.slice(0, 4).map((assetId) => (
                        // eslint-disable-next-line @next/next/no-img-element -- a 256 px WebP from the assets route
                        <img
                          key={assetId}
                          src={`/api/assets/${assetId}?w=256`}
                          alt=""
                          loading="lazy"
                          className="aspect-square w-full rounded-[0.35rem] bg-subtle object-cover"
                        />
                      ))
                    )}
                  </div>
                  <p className="line-clamp-2 text-sm text-ink">{item.prompt}</p>
                  <div className="flex flex-wrap items-center gap-1.5 text-xs text-ink-muted">
                    {item.favorite && <Star aria-label={t.compare.board.favorite} className="size-3.5 fill-warning text-warning" />}
                    <span className="tabular-nums">{formatCny(item.total ?? '0', locale)}</span>
                    <span aria-hidden>·</span>
                    <LocalTime at={item.createdAt} />
                    {item.status !== 'completed' && <Badge tone={item.status === 'failed' ? 'danger' : 'neutral'}>{t.compare.board.status[item.status]}</Badge>}
                  </div>
                  <p className="truncate text-xs text-ink-subtle">{item.models.join(' · ')}</p>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {(page > 1 || hasMore) && (
          <nav className="mt-4 flex items-center justify-between text-sm" aria-label={h.title}>
            {page > 1 ? (
              <Link href={page === 2 ? '/compare' : `/compare?page=${page - 1}`} className={buttonClass('ghost', 'sm')}>
                {h.newer}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-ink-muted">{format(h.page, { page })}</span>
            {hasMore ? (
              <Link href={`/compare?page=${page + 1}`} className={buttonClass('ghost', 'sm')}>
                {h.older}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </CardBody>
    </Card>
  );
}
