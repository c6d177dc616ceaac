'use client';

import { Tag } from 'lucide-react';
import { useId, useState } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { format } from '@/lib/i18n';
import type { Selection, TagSummary } from '@/lib/library/view';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { Button } from '../ui/button';

/** Puts a tag (by name, made when the team has none) on a selection (the library's action). */
export type TagResults = (input: { name: string } & Selection) => Promise<ActionResult<{ name: string; count: number }>>;

export const TAG_INPUT = 'focus-ring h-8 rounded-control border border-line-strong bg-surface px-2.5 text-[13px] text-ink';

/**
 * "Add tag": a name (the team's tags offered as one types) and a button, for one result or a
 * selection; `onTagged` hears the tag's name as the team has it.
 */
export function TagPicker({
  selection,
  disabled = false,
  tags,
  tag,
  onTagged,
}: {
  selection: Selection;
  disabled?: boolean;
  tags: TagSummary[];
  tag: TagResults;
  onTagged?: (name: string) => void;
}) {
  const { t } = useI18n();
  const g = t.library.tags;
  const { run, pending, toast } = useAction();
  const [name, setName] = useState('');
  const list = useId();
  return (
    <form
      className="flex items-center gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        run(
          () => tag({ name, ...selection }),
          (done) => {
            toast(
              'ids' in selection && selection.ids.length === 1 ? format(g.added, { name: done.name }) : format(g.addedMany, { name: done.name, n: done.count }),
            );
            setName('');
            onTagged?.(done.name);
          },
        );
      }}
    >
      <input
        aria-label={g.name}
        value={name}
        maxLength={40}
        list={list}
        onChange={(e) => setName(e.target.value)}
        placeholder={g.placeholder}
        className={`${TAG_INPUT} w-36`}
      />
      <datalist id={list}>
        {tags.map((x) => (
          <option key={x.id} value={x.name} />
        ))}
      </datalist>
      <Button type="submit" variant="secondary" size="sm" pending={pending} disabled={disabled || !name.trim()}>
        {!pending && <Tag />}
        {g.add}
      </Button>
    </form>
  );
}
