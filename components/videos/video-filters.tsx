'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTransition } from 'react';
import { useI18n } from '../i18n-provider';
import { Select } from '../ui/input';
import { Spinner } from '../ui/spinner';

/** Status, model and owner filters of the library, kept in the URL so a filtered view can be shared. */
export function VideoFilters({ models }: { models: string[] }) {
  const { t } = useI18n();
  const l = t.videos.library;
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const [pending, startTransition] = useTransition();

  const set = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    next.delete('before'); // a new filter starts again from the newest
    if (value) next.set(name, value);
    else next.delete(name);
    const query = next.toString();
    startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }));
  };

  return (
    <div role="group" aria-label={l.filters} className="flex flex-wrap items-center gap-2">
      {pending && <Spinner className="text-ink-subtle" />}
      <Select aria-label={l.status} value={search.get('status') ?? ''} onChange={(e) => set('status', e.target.value)}>
        <option value="">{l.allStatuses}</option>
        <option value="active">{t.videos.filterStatus.active}</option>
        <option value="completed">{t.videos.filterStatus.completed}</option>
        <option value="failed">{t.videos.filterStatus.failed}</option>
      </Select>
      <Select aria-label={l.model} value={search.get('model') ?? ''} onChange={(e) => set('model', e.target.value)}>
        <option value="">{l.allModels}</option>
        {models.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </Select>
      <Select aria-label={l.owner} value={search.get('scope') === 'mine' ? 'mine' : ''} onChange={(e) => set('scope', e.target.value)}>
        <option value="">{l.team}</option>
        <option value="mine">{l.mine}</option>
      </Select>
    </div>
  );
}
