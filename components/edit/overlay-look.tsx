'use client';

import { Eye } from 'lucide-react';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';

/** The overlay's look, kept per user (lib/edits/studio-prefs.ts). */
export interface Overlay {
  color: string;
  opacity: number;
}

export const OPACITIES = [0.5, 0.75, 0.25];
/** Rose first (the old red's place); the others stand out on red, skin, sky and foliage. */
export const OVERLAY_COLORS = { rose: '#ff2d6f', cyan: '#00c2ff', lime: '#7cff2d', amber: '#ffb800', violet: '#8b5cff' } as const;

/** The overlay's colour swatches and its opacity, stepped through on each click. */
export function OverlayLook({ overlay, onOverlay }: { overlay: Overlay; onOverlay: (overlay: Overlay) => void }) {
  const { t } = useI18n();
  const m = t.edit.mask;
  return (
    <div className="flex items-center gap-1" role="group" aria-label={m.color}>
      {(Object.entries(OVERLAY_COLORS) as Array<[keyof typeof OVERLAY_COLORS, string]>).map(([name, color]) => (
        <button
          key={name}
          type="button"
          aria-label={m.colors[name]}
          title={m.colors[name]}
          aria-pressed={overlay.color === color}
          onClick={() => onOverlay({ ...overlay, color })}
          className={cn(
            'size-5 rounded-full ring-offset-2 ring-offset-surface outline-none focus-visible:ring-2 focus-visible:ring-accent',
            overlay.color === color && 'ring-2 ring-ink',
          )}
          style={{ background: color }}
        />
      ))}
      <Button
        variant="ghost"
        size="sm"
        title={m.overlayTitle}
        onClick={() => onOverlay({ ...overlay, opacity: OPACITIES[(OPACITIES.indexOf(overlay.opacity) + 1) % OPACITIES.length] })}
      >
        <Eye />
        {format(m.overlay, { value: Math.round(overlay.opacity * 100) })}
      </Button>
    </div>
  );
}
