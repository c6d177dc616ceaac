'use client';

import { useState } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { format } from '@/lib/i18n';
import type { TagSummary } from '@/lib/library/view';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TAG_INPUT } from './tag-picker';

export interface TagAdmin {
  rename: (input: { id: string; name: string }) => Promise<ActionResult<null>>;
  merge: (input: { into: string; from: string[] }) => Promise<ActionResult<{ count: number }>>;
}

/**
 * Owners' and admins' "Manage tags" (opened from the library's filter bar, loaded when first opened):
 * each tag renamed, or merged into another.
 */
export function TagManagerDialog({ tags, admin, onClose }: { tags: TagSummary[]; admin: TagAdmin; onClose: () => void }) {
  const { t } = useI18n();
  const g = t.library.tags;
  return (
    <Dialog open onClose={onClose} title={g.manage} description={g.manageLead} closeLabel={g.close} className="max-w-lg">
      {tags.length === 0 ? (
        <p className="text-sm text-ink-muted">{g.noTags}</p>
      ) : (
        <ul data-testid="tag-manager" className="grid max-h-[60vh] gap-2 overflow-y-auto">
          {tags.map((tag) => (
            <TagRow key={`${tag.id}:${tag.name}`} tag={tag} others={tags.filter((x) => x.id !== tag.id)} admin={admin} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function TagRow({ tag, others, admin }: { tag: TagSummary; others: TagSummary[]; admin: TagAdmin }) {
  const { t } = useI18n();
  const g = t.library.tags;
  const { run, pending, toast } = useAction();
  const [name, setName] = useState(tag.name);
  return (
    <li className="grid gap-2 rounded-control bg-subtle/60 p-2.5 sm:grid-cols-[minmax(0,1fr)_auto]">
      <form
        className="flex min-w-0 items-center gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          run(
            () => admin.rename({ id: tag.id, name }),
            () => toast(g.renamed),
          );
        }}
      >
        <input
          aria-label={format(g.renameLabel, { name: tag.name })}
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          className={`${TAG_INPUT} min-w-0 flex-1`}
        />
        <span className="shrink-0 text-xs text-ink-subtle tabular-nums">{format(g.count, { n: tag.count })}</span>
        <Button type="submit" variant="ghost" size="sm" disabled={pending || !name.trim() || name.trim() === tag.name}>
          {g.rename}
        </Button>
      </form>
      {others.length > 0 && (
        <select
          aria-label={format(g.mergeLabel, { name: tag.name })}
          value=""
          disabled={pending}
          onChange={(e) =>
            e.target.value &&
            run(
              () => admin.merge({ into: e.target.value, from: [tag.id] }),
              () => toast(g.merged),
            )
          }
          className={`${TAG_INPUT} max-w-44`}
        >
          <option value="">{g.mergeInto}</option>
          {others.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      )}
    </li>
  );
}
