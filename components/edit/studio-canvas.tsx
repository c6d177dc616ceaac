'use client';

import dynamic from 'next/dynamic';
import type { MaskOp } from '@/lib/edits/mask-doc';
import type { EditResultItem } from '@/lib/edits/results';
import type { MaskOverlay } from '@/lib/edits/studio-prefs';
import { useI18n } from '../i18n-provider';
import { Spinner } from '../ui/spinner';
import { BeforeAfter } from './before-after';
import { EditBoard } from './edit-board';
import { ScopedPins } from '../review/review-scope';
import { shownAssetId, shownItem, shownResult, shownResultSize, type EditSession, type Measured } from './edit-session';
import { HeatmapOverlay } from './heatmap-overlay';
import { ExtendPreview } from './extend-preview';
import { imageFileOf } from './load-image';
import { SourceDrop } from './source-drop';
import type { MaskRaster } from './use-mask-raster';

// Konva touches `window` when it loads: client only.
const MaskEditor = dynamic(() => import('./mask-editor'), { ssr: false, loading: () => <CanvasSpinner /> });

function CanvasSpinner() {
  return (
    <div className="grid h-full place-items-center text-ink-muted">
      <Spinner />
    </div>
  );
}

// A light checkerboard behind the image, so transparent areas read as transparent.
const CHECKER = {
  backgroundImage: 'repeating-conic-gradient(var(--line) 0% 25%, transparent 0% 50%)',
  backgroundSize: '20px 20px',
};

interface Props {
  session: EditSession;
  raster: MaskRaster;
  masking: boolean;
  overlay: MaskOverlay;
  onOp: (op: MaskOp) => void;
  onPointerKind: (touch: boolean) => void;
  /** The shown result's size, once its image is decoded. */
  onResultSize: (size: Measured) => void;
  /** A picture picked in the empty frame or dropped on it. */
  onFile: (file: File | null) => void;
  /** An edit board's card opened full screen (its output id). */
  onOpenResult: (outputId: string) => void;
  /** "Use this one" on an edit board's card. */
  onUse: (item: EditResultItem) => void;
}

/**
 * The frame in the middle of the studio, showing one of: the picture loading, the place to drop
 * one, two versions compared, an edit board's results side by side, the result (or the variant on
 * show) beside the original, an outpainting's new canvas, or the picture with its mask to paint.
 */
export function StudioCanvas({ session, raster, masking, overlay, onOp, onPointerKind, onResultSize, onFile, onOpenResult, onUse }: Props) {
  const { t } = useI18n();
  const { source, comparing, extension, tools } = session;
  const result = shownResult(session);
  const after = shownAssetId(session);
  const guard = shownItem(session)?.maskGuard;
  const shown = session.loading ? (
    <CanvasSpinner />
  ) : !source ? (
    <SourceDrop error={session.inputError} onFile={onFile} />
  ) : comparing ? (
    <BeforeAfter key={comparing.label} before={`/api/assets/${comparing.before}`} after={`/api/assets/${comparing.after}`} />
  ) : result?.mode === 'board' ? (
    <EditBoard boardId={result.generationId} results={result.results} onOpen={onOpenResult} onUse={onUse} busy={session.loading} />
  ) : result && after ? (
    <BeforeAfter
      before={source.url}
      after={`/api/assets/${after}`}
      canvas={result.canvas}
      original={source}
      onAfterSize={(size) => onResultSize({ assetId: after, ...size })}
      overlay={(clip) => (
        <>
          {session.heatmap && guard && <HeatmapOverlay heatmap={guard.heatmap} style={{ clipPath: clip }} />}
          {/* The result's comment pins, over both halves: they are the result's, wherever the divider is. */}
          <ScopedPins size={shownResultSize(session)} />
        </>
      )}
    />
  ) : extension ? (
    <ExtendPreview src={source.url} image={source} extension={extension} />
  ) : (
    <MaskEditor
      image={source.image}
      width={source.width}
      height={source.height}
      raster={raster}
      masking={masking}
      tool={tools.tool}
      combine={tools.combine}
      radius={tools.size / 2}
      feather={tools.feather}
      opacity={overlay.opacity}
      color={overlay.color}
      wand={{ tolerance: tools.tolerance, contiguous: tools.contiguous }}
      onOp={onOp}
      onPointerKind={onPointerKind}
      labels={{ canvas: t.edit.input.canvasLabel, fit: t.edit.mask.fit, actual: t.edit.mask.actual, zoomIn: t.edit.mask.zoomIn, zoomOut: t.edit.mask.zoomOut }}
    />
  );
  return (
    <div
      className="relative h-[min(66vh,620px)] min-h-80 overflow-hidden rounded-card bg-subtle shadow-card lg:h-auto lg:flex-1"
      style={CHECKER}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        onFile(imageFileOf(e.dataTransfer));
      }}
    >
      {shown}
      {session.run.status === 'running' && <div className="pointer-events-none absolute inset-0 animate-pulse bg-surface/25" aria-hidden />}
    </div>
  );
}
