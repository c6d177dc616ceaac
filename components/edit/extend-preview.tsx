'use client';

import { placement, type Extension } from '@/lib/edits/canvas';
import { useI18n } from '../i18n-provider';

/** The new canvas, fitted to the frame: the image at its anchor, the area the service will paint hatched. */
export function ExtendPreview({ src, image, extension }: { src: string; image: { width: number; height: number }; extension: Extension }) {
  const { t } = useI18n();
  // While a side is being typed the canvas may be smaller than the image: show it at least as large.
  const canvas = { ...extension, width: Math.max(extension.width, image.width), height: Math.max(extension.height, image.height) };
  const { left, top } = placement(image, canvas);
  const pct = (part: number, whole: number) => `${(100 * part) / whole}%`;
  return (
    <div className="h-full p-4" data-testid="extend-preview">
      {/* A size container, so the canvas can fit it by width or by height, whichever binds. */}
      <div className="grid h-full place-items-center" style={{ containerType: 'size' }}>
        <div
          className="relative overflow-hidden rounded-sm outline-2 outline-accent outline-dashed"
          style={{
            aspectRatio: `${canvas.width} / ${canvas.height}`,
            width: `min(100cqw, calc(100cqh * ${canvas.width / canvas.height}))`,
            backgroundColor: 'var(--surface)',
            backgroundImage: 'repeating-linear-gradient(45deg, var(--accent-soft) 0 8px, transparent 8px 16px)',
          }}
          aria-label={`${t.edit.extend.newArea}: ${canvas.width}×${canvas.height}`}
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL or a team asset */}
          <img
            src={src}
            alt=""
            draggable={false}
            className="absolute shadow-card"
            style={{
              left: pct(left, canvas.width),
              top: pct(top, canvas.height),
              width: pct(image.width, canvas.width),
              height: pct(image.height, canvas.height),
            }}
          />
        </div>
      </div>
    </div>
  );
}
