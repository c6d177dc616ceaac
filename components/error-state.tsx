'use client';

import { useEffect } from 'react';
import { TriangleAlert } from 'lucide-react';
import { useI18n } from './i18n-provider';
import { StatusPanel } from './status-panel';
import { Button } from './ui/button';

/** What error.tsx files render: a translated message and a retry, never the raw error. */
export function ErrorState({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useI18n();
  const digest = error instanceof Error && 'digest' in error ? String(error.digest) : undefined;

  useEffect(() => {
    // The server logged the details under this digest; the browser console gets the reference only.
    if (digest) console.warn(`[atelier] error ref ${digest}`);
  }, [digest]);

  return (
    <div className="grid min-h-[60vh] place-items-center px-6 py-16">
      <StatusPanel
        icon={<TriangleAlert />}
        code={digest ? `REF ${digest.slice(0, 10)}` : undefined}
        title={t.common.errorTitle}
        description={t.common.errorLead}
      >
        <Button onClick={retry}>{t.common.errorRetry}</Button>
      </StatusPanel>
    </div>
  );
}
