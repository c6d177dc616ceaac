'use client';

import { format } from '@/lib/i18n';
import type { LibraryItem } from '@/lib/library/view';
import { useI18n } from '../i18n-provider';
import { useJson } from '../server-state';
import { LibraryTile } from './library-tile';

type Similar = LibraryItem & { similarity: number };

/** "More like this": the team's results nearest in look to result `id`, as library tiles with how alike each is. */
export function SimilarResults({ id }: { id: string }) {
  const { t } = useI18n();
  const d = t.library.detail;
  const { data } = useJson<{ items: Similar[] }>(`/api/library/${id}/similar`);
  return (
    <section data-testid="similar-results" aria-labelledby="similar-heading" className="grid gap-3">
      <h2 id="similar-heading" className="text-sm font-medium text-ink">
        {d.moreLikeThis}
      </h2>
      {data && data.items.length === 0 && <p className="text-[13px] text-ink-muted">{d.moreLikeThisNone}</p>}
      {data && data.items.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6">
          {data.items.map((item) => (
            <li key={item.id}>
              <LibraryTile
                item={item}
                href={`/library/${item.id}`}
                eager={false}
                selecting={false}
                selected={false}
                onSelect={() => undefined}
                footer={
                  <p data-testid="similar-alike" className="px-3 pb-2 text-[11px] text-ink-subtle tabular-nums">
                    {format(d.alike, { n: Math.round(item.similarity * 100) })}
                  </p>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
