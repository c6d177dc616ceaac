import Link from 'next/link';
import { Search } from 'lucide-react';
import { format, type Dictionary } from '@/lib/i18n';
import type { LibraryFilters as Filters } from '@/lib/library/items';
import type { CollectionSummary } from '@/lib/library/view';
import { buttonClass } from '../ui/button';
import { Select } from '../ui/input';

const FIELD = 'focus-ring h-9 rounded-control border border-line-strong bg-surface px-2.5 text-[13px] text-ink';

/**
 * The library's filters as a plain GET form: they combine, live in the URL (a search can be
 * bookmarked and shared with the team), and work before any script has loaded.
 */
export function LibraryFilters({
  filters,
  models,
  members,
  collections,
  timeZone,
  t,
}: {
  filters: Filters;
  models: string[];
  members: { userId: string; name: string }[];
  collections: CollectionSummary[];
  timeZone: string;
  t: Dictionary;
}) {
  const f = t.library.filters;
  const { trash: _trash, ...chosen } = filters;
  const active = Object.values(chosen).some(Boolean);
  return (
    <form action="/library" method="get" aria-label={f.label} className="mb-6 grid gap-3 rounded-card bg-surface p-4 shadow-card">
      {filters.trash && <input type="hidden" name="trash" value="1" />}
      <div className="flex flex-wrap items-end gap-2">
        <label className="relative min-w-[14rem] flex-1">
          <span className="sr-only">{f.search}</span>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-ink-subtle" />
          <input type="search" name="q" defaultValue={filters.q ?? ''} maxLength={200} placeholder={f.searchPlaceholder} className={`${FIELD} w-full pl-8`} />
        </label>
        <Select
          name="kind"
          aria-label={f.kind}
          defaultValue={filters.kind ?? ''}
          options={[{ value: '', label: f.anyKind }, ...(['edit', 'comparison', 'video'] as const).map((k) => ({ value: k, label: t.library.kinds[k] }))]}
        />
        <Select
          name="model"
          aria-label={f.model}
          defaultValue={filters.model ?? ''}
          options={[{ value: '', label: f.anyModel }, ...models.map((m) => ({ value: m, label: m }))]}
        />
        {collections.length > 0 && (
          <Select
            name="collection"
            aria-label={t.library.collections.filter}
            defaultValue={filters.collection ?? ''}
            options={[{ value: '', label: t.library.collections.any }, ...collections.map((c) => ({ value: c.id, label: c.name }))]}
          />
        )}
        {members.length > 1 && (
          <Select
            name="member"
            aria-label={f.member}
            defaultValue={filters.member ?? ''}
            options={[{ value: '', label: f.anyone }, ...members.map((m) => ({ value: m.userId, label: m.name }))]}
          />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-[13px] text-ink-muted">
        {(['from', 'to'] as const).map((end) => (
          <label key={end} className="flex items-center gap-2">
            {f[end]}
            <input type="date" name={end} defaultValue={filters[end] ?? ''} className={FIELD} title={format(f.zoneNote, { zone: timeZone })} />
          </label>
        ))}
        {(['fav', 'shared'] as const).map((flag) => (
          <label key={flag} className="flex items-center gap-2">
            <input type="checkbox" name={flag} value="1" defaultChecked={Boolean(filters[flag])} className="size-4 accent-[var(--accent)]" />
            {flag === 'fav' ? f.favorites : f.shared}
          </label>
        ))}
        <span className="ml-auto flex gap-2">
          {active && (
            <Link href={filters.trash ? '/library?trash=1' : '/library'} className={buttonClass('ghost', 'sm')}>
              {f.clear}
            </Link>
          )}
          <button type="submit" className={buttonClass('secondary', 'sm')}>
            {f.apply}
          </button>
        </span>
      </div>
    </form>
  );
}
