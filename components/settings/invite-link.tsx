'use client';

import { useId } from 'react';
import { Check, Copy } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { useCopy } from '../use-copy';
import { Button } from '../ui/button';

/** The freshly created link, with a copy button; it lives only in this component's state. */
export function InviteLink({ url }: { url: string }) {
  const { t } = useI18n();
  const id = useId();
  const { copied, copy } = useCopy(url, id);

  return (
    <div className="grid gap-2 rounded-control bg-accent-soft/60 p-3 ring-1 ring-accent/20 ring-inset">
      <label htmlFor={id} className="text-[13px] font-medium text-accent-soft-ink">
        {t.team.linkReady}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={url}
          aria-label={t.team.linkLabel}
          onFocus={(e) => e.currentTarget.select()}
          className="focus-ring h-9 min-w-0 flex-1 rounded-control border border-line-strong bg-surface px-3 font-mono text-xs text-ink"
        />
        <Button variant="secondary" onClick={copy} aria-live="polite">
          {copied ? <Check className="text-success" /> : <Copy />}
          {copied ? t.common.copied : t.common.copy}
        </Button>
      </div>
    </div>
  );
}
