'use client';

import { Download, Info } from 'lucide-react';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import type { PhotoNote } from './load-image';

/** What the server did to a photo so that the service takes it, and the file as it came. */
export function PhotoNotice({ photo, width, height }: { photo: PhotoNote; width: number; height: number }) {
  const { t } = useI18n();
  const words = t.edit.photo;
  const said = [
    photo.fittedFrom && format(words.fitted, { from: `${photo.fittedFrom.width}×${photo.fittedFrom.height}`, to: `${width}×${height}` }),
    photo.conversions.includes('heic') && words.heic,
    photo.conversions.includes('orientation') && words.turned,
    (photo.conversions.includes('cmyk') || photo.conversions.includes('16-bit')) && words.colours,
  ].filter(Boolean);
  if (said.length === 0) return null;
  return (
    <p role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] text-ink-muted [&_svg]:size-4" data-testid="photo-notice">
      <Info className="shrink-0 text-accent" />
      <span>{said.join(' ')}</span>
      {photo.originalAssetId && (
        <a href={`/api/assets/${photo.originalAssetId}?download=1`} download className="inline-flex items-center gap-1 text-accent hover:underline">
          <Download />
          {words.original}
        </a>
      )}
    </p>
  );
}
