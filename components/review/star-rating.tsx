'use client';

import { Star } from 'lucide-react';
import type { RatingView } from '@/lib/review/winners';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';

/** The member's own 1–5 stars (clicking the chosen star again takes them back), and the team's average. */
export function StarRating({
  rating,
  busy,
  onRate,
  compact,
}: {
  rating: RatingView;
  busy: boolean;
  onRate: (stars: number | null) => void;
  compact?: boolean;
}) {
  const { t } = useI18n();
  const r = t.review.rating;
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', compact && 'gap-x-2')}>
      <div role="radiogroup" aria-label={r.label} className="flex">
        {[1, 2, 3, 4, 5].map((n) => {
          const on = (rating.mine ?? 0) >= n;
          return (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={rating.mine === n}
              aria-label={format(r.stars, { n })}
              title={rating.mine === n ? r.clear : format(r.stars, { n })}
              disabled={busy}
              onClick={() => onRate(rating.mine === n ? null : n)}
              className="focus-ring grid size-7 place-items-center rounded-control text-warning hover:bg-subtle"
            >
              <Star className={cn('size-4', on ? 'fill-current' : 'text-ink-subtle')} />
            </button>
          );
        })}
      </div>
      <span className="text-xs text-ink-muted tabular-nums" data-testid="rating-average">
        {rating.average === null ? r.none : format(r.average, { average: rating.average.toFixed(1), count: rating.count })}
      </span>
    </div>
  );
}
