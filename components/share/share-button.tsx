'use client';

import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { ShareDialog } from './share-dialog';

/** "Share" on a finished result: opens the dialog that creates a public link to it. */
export function ShareButton({ generationId, size = 'sm' }: { generationId: string; size?: 'sm' | 'md' }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)} data-testid="share-button">
        <Share2 />
        {t.share.button}
      </Button>
      <ShareDialog generationId={generationId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
