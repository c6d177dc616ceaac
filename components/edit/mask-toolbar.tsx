'use client';

import {
  Brush,
  Circle,
  Download,
  FlipHorizontal2,
  Lasso,
  Link2,
  Pentagon,
  Redo2,
  Square,
  SquareMinus,
  SquarePlus,
  SquareSquare,
  Trash2,
  Undo2,
  Upload,
  Wand2,
  Expand,
  Shrink,
} from 'lucide-react';
import { useRef } from 'react';
import type { Combine, MaskAction } from '@/lib/edits/mask-doc';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import type { MaskTool } from './mask-ops';
import { OverlayLook, type Overlay } from './overlay-look';
import { Choice, MoreTools, PixelSlider } from './toolbar-controls';

export type { Overlay };

export interface MaskTools {
  tool: MaskTool;
  combine: Combine;
  /** Brush diameter in image pixels. */
  size: number;
  feather: number;
  tolerance: number;
  contiguous: boolean;
  /** How far Grow and Shrink move the edge, in image pixels. */
  edge: number;
}

interface Props {
  tools: MaskTools;
  overlay: Overlay;
  maxSize: number;
  /** What changed (merged into the tools as they are then). */
  onChange: (patch: Partial<MaskTools>) => void;
  onOverlay: (overlay: Overlay) => void;
  /** Grow, shrink, invert, clear, undo and redo: changes of the mask's history. */
  onMask: (change: MaskAction) => void;
  onImport: (file: File) => void;
  onExport: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

const TOOL_ICONS: Record<MaskTool, React.ReactNode> = {
  brush: <Brush />,
  rect: <Square />,
  ellipse: <Circle />,
  lasso: <Lasso />,
  polygon: <Pentagon />,
  wand: <Wand2 />,
};
const COMBINE_ICONS: Record<Combine, React.ReactNode> = { add: <SquarePlus />, subtract: <SquareMinus />, replace: <SquareSquare /> };

/**
 * The mask's tools above the canvas, in one row: what selects (and how, and its size), undo and
 * redo; the rest (edges, invert, clear, the overlay's look, mask files) under "More".
 */
export function MaskToolbar(props: Props) {
  const { tools, overlay, maxSize, onChange, onOverlay, onMask, canUndo, canRedo } = props;
  const { t } = useI18n();
  const m = t.edit.mask;
  const set = onChange;
  return (
    <div role="toolbar" aria-label={m.tools} className="flex flex-wrap items-center gap-x-2 gap-y-2 rounded-card bg-surface px-2 py-1.5 shadow-card">
      <SelectionTools tools={tools} maxSize={maxSize} set={set} />
      <div className="ml-auto flex items-center gap-0.5">
        <Button variant="ghost" size="sm" className="px-2!" onClick={() => onMask({ type: 'undo' })} disabled={!canUndo} aria-label={m.undo} title={m.undo}>
          <Undo2 />
        </Button>
        <Button variant="ghost" size="sm" className="px-2!" onClick={() => onMask({ type: 'redo' })} disabled={!canRedo} aria-label={m.redo} title={m.redo}>
          <Redo2 />
        </Button>
        <MoreTools label={m.more}>
          <PixelSlider label={m.feather} min={0} max={64} value={tools.feather} onChange={(feather) => set({ feather })} className="w-28" />
          <div className="flex items-center gap-1">
            {/* Named on screen and whole (边缘像素 too): the number is otherwise unexplained. */}
            <label className="flex shrink-0 items-center gap-1.5 text-xs whitespace-nowrap text-ink-muted">
              <span>{m.edgePixels}</span>
              <input
                type="number"
                min={1}
                max={256}
                value={tools.edge}
                aria-label={m.edgePixels}
                onChange={(e) => set({ edge: Math.max(1, Math.min(256, Math.round(Number(e.target.value) || 1))) })}
                className="h-8 w-14 rounded-control border border-line bg-surface px-1.5 text-right text-xs tabular-nums"
              />
              px
            </label>
            <Button variant="ghost" size="sm" onClick={() => onMask({ type: 'apply', op: { type: 'grow', pixels: tools.edge } })} title={m.grow}>
              <Expand />
              {m.grow}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onMask({ type: 'apply', op: { type: 'grow', pixels: -tools.edge } })} title={m.shrink}>
              <Shrink />
              {m.shrink}
            </Button>
          </div>
          <div className="flex items-center gap-1">
            <Button variant="ghost" size="sm" onClick={() => onMask({ type: 'apply', op: { type: 'invert' } })}>
              <FlipHorizontal2 />
              {m.invert}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onMask({ type: 'clear' })}>
              <Trash2 />
              {m.clear}
            </Button>
          </div>
          <OverlayLook overlay={overlay} onOverlay={onOverlay} />
          <MaskFiles onImport={props.onImport} onExport={props.onExport} />
        </MoreTools>
      </div>
    </div>
  );
}

/** What selects and how: the tool, add, subtract or replace, and the tool's own settings. */
function SelectionTools({ tools, maxSize, set }: { tools: MaskTools; maxSize: number; set: (patch: Partial<MaskTools>) => void }) {
  const { t } = useI18n();
  const m = t.edit.mask;
  return (
    // Its parts wrap with the rest of the toolbar's row (on a phone), as one row.
    <div className="contents">
      <div className="flex items-center gap-0.5" role="group" aria-label={m.tools}>
        {(Object.keys(TOOL_ICONS) as MaskTool[]).map((tool) => (
          <Choice key={tool} chosen={tools.tool === tool} label={m[tool]} onChoose={() => set({ tool })}>
            {TOOL_ICONS[tool]}
          </Choice>
        ))}
      </div>
      <div className="flex items-center gap-0.5 rounded-control bg-subtle p-0.5" role="group" aria-label={m.combine}>
        {(['add', 'subtract', 'replace'] as const).map((combine) => (
          <Choice key={combine} chosen={tools.combine === combine} label={m[combine]} onChoose={() => set({ combine })}>
            {COMBINE_ICONS[combine]}
          </Choice>
        ))}
      </div>
      {tools.tool === 'brush' && <PixelSlider label={m.size} min={2} max={maxSize} value={tools.size} onChange={(size) => set({ size })} className="w-16" />}
      {tools.tool === 'wand' && (
        <>
          <PixelSlider label={m.tolerance} min={0} max={128} value={tools.tolerance} unit="" onChange={(tolerance) => set({ tolerance })} className="w-16" />
          <label className="flex items-center gap-1.5 text-xs text-ink-muted" title={m.contiguous}>
            <input
              type="checkbox"
              checked={tools.contiguous}
              onChange={(e) => set({ contiguous: e.target.checked })}
              aria-label={m.contiguous}
              className="accent-[var(--accent)]"
            />
            {/* Named in full where the row has room; an icon where it has not. */}
            <Link2 className="size-3.5 2xl:hidden" aria-hidden />
            <span className="hidden 2xl:inline">{m.contiguous}</span>
          </label>
        </>
      )}
    </div>
  );
}

/** A mask made elsewhere in, this one out (a PNG at the image's size). */
function MaskFiles({ onImport, onExport }: { onImport: (file: File) => void; onExport: () => void }) {
  const { t } = useI18n();
  const m = t.edit.mask;
  const file = useRef<HTMLInputElement>(null);
  return (
    <div className="flex items-center gap-1">
      <input
        ref={file}
        type="file"
        accept="image/png"
        className="sr-only"
        aria-label={m.importMask}
        tabIndex={-1}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (chosen) onImport(chosen);
        }}
      />
      <Button variant="ghost" size="sm" onClick={() => file.current?.click()}>
        <Upload />
        {m.importMask}
      </Button>
      <Button variant="ghost" size="sm" onClick={onExport}>
        <Download />
        {m.exportMask}
      </Button>
    </div>
  );
}
