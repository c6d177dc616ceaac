'use client';

import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { format } from '@/lib/i18n';
import type { CollectionSummary, TagSummary } from '@/lib/library/view';
import { useI18n } from '../i18n-provider';
import { buttonClass } from '../ui/button';
import { Select } from '../ui/input';
import type { FilterValues } from './use-live-filters';

const FIELD = 'focus-ring h-9 rounded-control border border-line-strong bg-surface px-2.5 text-[13px] text-ink';

type Change = (name: string, value: string, options?: { typing?: boolean }) => void;

/**
 * The library's filters, live: results follow as one types or chooses (use-live-filters.ts). It is
 * still a GET form of /library, so without script (or with Enter before the pause) it finds the same.
 */
export function LibraryFilters({
  values,
  change,
  submit,
  clear,
  models,
  members,
  collections,
  tags,
  timeZone,
  count,
  busy,
  tools,
}: {
  values: FilterValues;
  change: Change;
  submit: () => void;
  clear: () => void;
  models: string[];
  members: { userId: string; name: string }[];
  collections: CollectionSummary[];
  tags: TagSummary[];
  timeZone: string;
  /** How many results match, when the route says. */
  count: number | string | null;
  busy: boolean;
  /** More controls at the end of the bar (the tag manager). */
  tools?: ReactNode;
}) {
  const { t } = useI18n();
  const f = t.library.filters;
  const active = Object.entries(values).some(([name, value]) => name !== 'trash' && value !== '');
  const choose = (name: string, label: string, none: string, options: { value: string; label: string }[]) => (
    <Select
      name={name}
      aria-label={label}
      value={values[name] ?? ''}
      onChange={(e) => change(name, e.target.value)}
      options={[{ value: '', label: none }, ...options]}
    />
  );
  return (
    <form
      action="/library"
      method="get"
      role="search"
      aria-label={f.label}
      aria-busy={busy}
      className="mb-6 grid gap-3 rounded-card bg-surface p-4 shadow-card"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {values.trash && <input type="hidden" name="trash" value="1" />}
      <div className="flex flex-wrap items-end gap-2">
        <label className="relative min-w-[14rem] flex-1">
          <span className="sr-only">{f.search}</span>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-ink-subtle" />
          <input
            type="search"
            name="q"
            value={values.q ?? ''}
            onChange={(e) => change('q', e.target.value, { typing: true })}
            maxLength={200}
            placeholder={f.searchPlaceholder}
            className={`${FIELD} w-full pl-8`}
          />
        </label>
        {choose(
          'kind',
          f.kind,
          f.anyKind,
          (['edit', 'comparison', 'video'] as const).map((k) => ({ value: k, label: t.library.kinds[k] })),
        )}
        {choose(
          'model',
          f.model,
          f.anyModel,
          models.map((m) => ({ value: m, label: m })),
        )}
        {collections.length > 0 &&
          choose(
            'collection',
            t.library.collections.filter,
            t.library.collections.any,
            collections.map((c) => ({ value: c.id, label: c.name })),
          )}
        {(tags.length > 0 || values.tag) &&
          choose(
            'tag',
            t.library.tags.filter,
            t.library.tags.any,
            // A tag asked for by the address that the team no longer has is still shown as chosen.
            [
              ...tags.map((tag) => ({ value: tag.name, label: `${tag.name} (${tag.count})` })),
              ...(values.tag && !tags.some((tag) => tag.name === values.tag) ? [{ value: values.tag, label: values.tag }] : []),
            ],
          )}
        {members.length > 1 &&
          choose(
            'member',
            f.member,
            f.anyone,
            members.map((m) => ({ value: m.userId, label: m.name })),
          )}
        {choose(
          'review',
          t.review.filters.state,
          t.review.filters.any,
          (['in_review', 'approved', 'changes_requested', 'draft'] as const).map((state) => ({ value: state, label: t.review.states[state] })),
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-[13px] text-ink-muted">
        {(['from', 'to'] as const).map((end) => (
          <label key={end} className="flex items-center gap-2">
            {f[end]}
            <input
              type="date"
              name={end}
              value={values[end] ?? ''}
              onChange={(e) => change(end, e.target.value)}
              className={FIELD}
              title={format(f.zoneNote, { zone: timeZone })}
            />
          </label>
        ))}
        {(['fav', 'shared', 'winners'] as const).map((flag) => (
          <label key={flag} className="flex items-center gap-2">
            <input
              type="checkbox"
              name={flag}
              value="1"
              checked={values[flag] === '1'}
              onChange={(e) => change(flag, e.target.checked ? '1' : '')}
              className="size-4 accent-[var(--accent)]"
            />
            {flag === 'fav' ? f.favorites : flag === 'shared' ? f.shared : t.review.filters.winners}
          </label>
        ))}
        <span className="ml-auto flex flex-wrap items-center gap-2">
          <output data-testid="result-count" aria-live="polite" className="text-[13px] text-ink-muted tabular-nums">
            {count !== null && format(f.matches, { n: count })}
          </output>
          {active && (
            <button type="button" onClick={clear} className={buttonClass('ghost', 'sm')}>
              {f.clear}
            </button>
          )}
          <button type="submit" className={buttonClass('secondary', 'sm')}>
            {f.apply}
          </button>
          {tools}
        </span>
      </div>
    </form>
  );
}
