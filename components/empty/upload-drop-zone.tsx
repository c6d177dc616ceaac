import { ImageUp } from 'lucide-react';

/** What the editor's drop zone will look like, shown inert until uploads open. */
export function UploadDropZone({ title, hint }: { title: string; hint: string }) {
  return (
    <div aria-disabled="true" className="relative grid min-h-64 cursor-not-allowed place-items-center rounded-card border-2 border-dashed border-line-strong bg-surface/70 px-6 py-10 text-center select-none">
      {/* The transparency checkerboard of an image canvas, fading out towards the edges. */}
      <div aria-hidden className="pointer-events-none absolute inset-0 rounded-card [background-image:repeating-conic-gradient(var(--color-subtle)_0_25%,transparent_0_50%)] [background-size:24px_24px] mask-[radial-gradient(closest-side,black_30%,transparent)]" />
      <div className="relative grid justify-items-center gap-3 rounded-card bg-surface/90 px-8 py-6 shadow-card backdrop-blur-sm">
        <div className="grid size-12 place-items-center rounded-full bg-subtle text-ink-subtle ring-1 ring-line">
          <ImageUp className="size-5" />
        </div>
        <p className="text-sm font-medium text-ink-muted">{title}</p>
        <p className="text-xs text-ink-subtle">{hint}</p>
      </div>
    </div>
  );
}
