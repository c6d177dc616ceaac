'use client';

import { Plus, X } from 'lucide-react';
import Link from 'next/link';
import type { ActionResult } from '@/lib/auth/action';
import { format } from '@/lib/i18n';
import type { TagSummary } from '@/lib/library/view';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { TagPicker, type TagResults } from './tag-picker';

type Untag = (input: { id: string; tagId: string }) => Promise<ActionResult<{ count: number }>>;

/**
 * A result's tags on its page: each a link to the library filtered by it, with its ×; a name to add
 * (the team's tags offered), and the words of its prompt worth a tag, added with one click.
 */
export function ItemTags({
  id,
  carried,
  suggestions,
  tags,
  tag,
  untag,
}: {
  id: string;
  carried: Array<{ id: string; name: string }>;
  suggestions: string[];
  tags: TagSummary[];
  tag: TagResults;
  untag: Untag;
}) {
  const { t } = useI18n();
  const g = t.library.tags;
  const { run, pending, toast } = useAction();
  const add = (name: string) =>
    run(
      () => tag({ name, ids: [id] }),
      () => toast(format(g.added, { name })),
    );
  return (
    <section aria-label={g.label} data-testid="item-tags" className="grid gap-2.5">
      <h2 className="text-xs font-medium text-ink-subtle">{g.label}</h2>
      {carried.length === 0 ? (
        <p className="text-[13px] text-ink-muted">{g.none}</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          {carried.map((x) => (
            <li key={x.id} className="inline-flex h-7 items-center rounded-full bg-accent-soft text-[13px] text-accent-soft-ink">
              <Link href={`/library?tag=${encodeURIComponent(x.name)}`} className="focus-ring rounded-full py-0.5 pr-1 pl-2.5 hover:underline">
                {x.name}
              </Link>
              <button
                type="button"
                disabled={pending}
                aria-label={format(g.remove, { name: x.name })}
                onClick={() =>
                  run(
                    () => untag({ id, tagId: x.id }),
                    () => toast(g.removed),
                  )
                }
                className="focus-ring mr-1 grid size-5 place-items-center rounded-full hover:bg-black/10"
              >
                <X className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <TagPicker selection={{ ids: [id] }} tags={tags} tag={tag} />
      {suggestions.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5" data-testid="tag-suggestions">
          <span className="text-xs text-ink-subtle">{g.suggested}</span>
          {suggestions.map((name) => (
            <button
              key={name}
              type="button"
              disabled={pending}
              aria-label={format(g.suggest, { name })}
              onClick={() => add(name)}
              className="focus-ring inline-flex h-6 items-center gap-0.5 rounded-full px-2 text-xs text-ink-muted ring-1 ring-line ring-inset hover:text-ink"
            >
              <Plus className="size-3" aria-hidden />
              {name}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
