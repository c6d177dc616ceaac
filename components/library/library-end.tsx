'use client';

import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { useI18n } from '../i18n-provider';
import { buttonClass } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { withFilters } from './library-cache';

/**
 * The end of the grid: the link to older results (followed as it comes within a screen of view; a
 * plain link without script), a retry when that page failed, or the word that this is everything;
 * on a page further down, the way back to the newest.
 */
export function LibraryEnd({
  filters,
  next,
  loading,
  failed,
  paged,
  onOlder,
}: {
  filters: string;
  /** The cursor of the next (older) page; null when everything is shown. */
  next: string | null;
  loading: boolean;
  failed: boolean;
  paged: boolean;
  onOlder: () => Promise<void>;
}) {
  const { t } = useI18n();
  const l = t.library;
  const end = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const target = end.current;
    if (!target || failed) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void onOlder(), { rootMargin: '100% 0px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [onOlder, failed, next]);

  return (
    <div className="flex min-h-10 flex-col items-center justify-center gap-2 text-sm text-ink-muted" aria-live="polite">
      {next ? (
        failed ? (
          <>
            <span>{l.loadFailed}</span>
            <button type="button" onClick={() => void onOlder()} className={buttonClass('secondary', 'sm')}>
              {l.retry}
            </button>
          </>
        ) : (
          <a
            ref={end}
            href={`/library?${withFilters(filters, 'before', next)}`}
            onClick={(event) => {
              event.preventDefault();
              void onOlder();
            }}
            className={buttonClass('ghost', 'sm')}
          >
            {loading ? (
              <>
                <Spinner />
                {l.loading}
              </>
            ) : (
              l.older
            )}
          </a>
        )
      ) : (
        <span>{filters ? l.endFiltered : l.end}</span>
      )}
      {paged && (
        <Link href={filters ? `/library?${filters}` : '/library'} className={buttonClass('secondary', 'sm')}>
          {l.newest}
        </Link>
      )}
    </div>
  );
}
