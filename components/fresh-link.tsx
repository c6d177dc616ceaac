'use client';

import { Check, Copy } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useI18n } from './i18n-provider';
import { Button } from './ui/button';

/**
 * A link just created (an invitation, a share) with a copy button and whatever else `children`
 * offers beside it. It lives only in its parent's state: the server keeps no readable copy.
 */
export function FreshLink({
  url,
  title,
  inputLabel,
  testId,
  children,
}: {
  url: string;
  title: string;
  inputLabel?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const id = useId();
  const { copied, copy } = useCopy(url, id);

  return (
    <div className="grid gap-2 rounded-control bg-accent-soft/60 p-3 ring-1 ring-accent/20 ring-inset">
      <label htmlFor={id} className="text-[13px] font-medium text-accent-soft-ink">
        {title}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        aria-label={inputLabel}
        data-testid={testId}
        onFocus={(e) => e.currentTarget.select()}
        className="focus-ring h-9 min-w-0 rounded-control border border-line-strong bg-surface px-3 font-mono text-xs text-ink"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={copy} aria-live="polite">
          {copied ? <Check className="text-success" /> : <Copy />}
          {copied ? t.common.copied : t.common.copy}
        </Button>
        {children}
      </div>
    </div>
  );
}

/**
 * Copies `text` to the clipboard and says so for two seconds; where the clipboard is refused
 * (an insecure origin, a denied permission) the input `fieldId` is selected for a manual copy.
 */
function useCopy(text: string, fieldId: string) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(text).catch(() => (document.getElementById(fieldId) as HTMLInputElement | null)?.select());
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return { copied, copy };
}
