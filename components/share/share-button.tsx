'use client';

import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import type { ShareTarget } from '@/lib/share/create';
import { ShareDialog } from './share-dialog';

/** "Share" on a finished result or a collection: opens the dialog that creates a public link to it. */
export function ShareButton({ target, size = 'sm', label }: { target: ShareTarget; size?: 'sm' | 'md'; label?: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)} data-testid="share-button">
        <Share2 />
        {label ?? t.share.button}
      </Button>
      <ShareDialog target={target} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
