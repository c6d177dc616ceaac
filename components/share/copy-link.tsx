'use client';

import { Check, Copy, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { useI18n } from '../i18n-provider';
import { useCopy } from '../use-copy';
import { Button, buttonClass } from '../ui/button';

/** The freshly created share link with copy and open; it lives only in the dialog's state. */
export function CopyLink({ url, note }: { url: string; note: string }) {
  const { t } = useI18n();
  const id = useId();
  const { copied, copy } = useCopy(url, id);

  return (
    <div className="grid gap-2 rounded-control bg-accent-soft/60 p-3 ring-1 ring-accent/20 ring-inset">
      <label htmlFor={id} className="text-[13px] font-medium text-accent-soft-ink">
        {t.share.dialog.ready}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        data-testid="share-url"
        onFocus={(e) => e.currentTarget.select()}
        className="focus-ring h-9 min-w-0 rounded-control border border-line-strong bg-surface px-3 font-mono text-xs text-ink"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={copy} aria-live="polite">
          {copied ? <Check className="text-success" /> : <Copy />}
          {copied ? t.common.copied : t.common.copy}
        </Button>
        <a href={url} target="_blank" rel="noreferrer" className={buttonClass('ghost', 'sm')}>
          <ExternalLink />
          {t.share.dialog.open}
        </a>
        <span className="ml-auto text-xs text-ink-muted">{note}</span>
      </div>
    </div>
  );
}
