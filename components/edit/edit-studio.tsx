'use client';

import { AlertTriangle, Expand, ImagePlus, Wallpaper, X } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { canvasFor, extensionProblem, type Extension } from '@/lib/edits/canvas';
import type { EditModel } from '@/lib/edits/edit-models';
import type { EditRecord } from '@/lib/edits/history';
import { needsMask, PROMPT_TEMPLATES, sizeOptions, type EditKind } from '@/lib/edits/kinds';
import { maskReducer, newHistory } from '@/lib/edits/mask-doc';
import { exportMaskPng, looksLikeBackground } from '@/lib/edits/mask-export';
import { maskFromPixels, pngHasAlpha } from '@/lib/edits/mask-import';
import type { MaskOverlay } from '@/lib/edits/studio-prefs';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { BeforeAfter } from './before-after';
import { EditOptions } from './edit-options';
import { EditProgress } from './edit-progress';
import { ExtendOptions } from './extend-options';
import { ExtendPreview } from './extend-preview';
import { Filmstrip, type Comparison } from './filmstrip';
import { KindPicker } from './kind-picker';
import { imageFileOf, loadAsset, loadFile, type Source } from './load-image';
import { MaskToolbar, type MaskTools } from './mask-toolbar';
import { ResultPanel } from './result-panel';
import { SourceDrop } from './source-drop';
import { useEditRun } from './use-edit-run';
import { useMaskRaster } from './use-mask-raster';
import { useStudioKeys } from './use-studio-keys';

// Konva touches `window` when it loads: client only.
const MaskEditor = dynamic(() => import('./mask-editor'), { ssr: false, loading: () => <CanvasSpinner /> });

function CanvasSpinner() {
  return (
    <div className="grid h-full place-items-center text-ink-muted">
      <Spinner />
    </div>
  );
}

export interface StudioInitial {
  assetId?: string;
  edit?: EditRecord;
  overlay: MaskOverlay;
}

/** A finger or a pen is the main pointer (until the canvas sees which one the user draws with). */
const COARSE = '(pointer: coarse)';
const isCoarsePointer = () => window.matchMedia(COARSE).matches;
function watchCoarsePointer(onChange: () => void) {
  const query = window.matchMedia(COARSE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const defaultBrush = (w: number, h: number) => Math.max(8, Math.round(Math.max(w, h) / 24));

export function EditStudio({
  models,
  initial,
  rememberOverlay,
}: {
  models: EditModel[];
  initial: StudioInitial;
  /** Keeps the overlay's colour and opacity for this user (a server action). */
  rememberOverlay: (overlay: MaskOverlay) => Promise<unknown>;
}) {
  const { t } = useI18n();
  const [source, setSource] = useState<Source | null>(null);
  const [loading, setLoading] = useState(Boolean(initial.assetId || initial.edit));
  const [inputError, setInputError] = useState<string | null>(null);
  const [kind, setKind] = useState<EditKind>(initial.edit?.kind ?? 'background');
  const [prompt, setPrompt] = useState(initial.edit?.prompt ?? PROMPT_TEMPLATES.background);
  const [model, setModel] = useState(initial.edit?.model ?? models[0]?.id ?? '');
  const [size, setSize] = useState('');
  const [parentId, setParentId] = useState<string | undefined>(initial.edit?.id);
  /** Outpainting: the larger canvas the image is being extended to, or null. */
  const [extension, setExtension] = useState<Extension | null>(null);
  /** Two versions side by side in the slider, picked on the filmstrip. */
  const [comparing, setComparing] = useState<Comparison | null>(null);
  const [mask, dispatch] = useReducer(maskReducer, undefined, () => newHistory());
  const [tools, setTools] = useState<MaskTools>({ tool: 'brush', combine: 'add', size: 48, feather: 6, tolerance: 24, contiguous: true, edge: 8 });
  const [overlay, setOverlay] = useState<MaskOverlay>(initial.overlay);
  const coarsePointer = useSyncExternalStore(watchCoarsePointer, isCoarsePointer, () => false);
  const [touchUsed, setTouchUsed] = useState<boolean | null>(null);
  const { state, run, cancel, reset } = useEditRun(t.edit.run.network);
  const [showResult, setShowResult] = useState(true);
  const promptEdited = useRef(Boolean(initial.edit));
  const kindNow = useRef(kind);
  useEffect(() => {
    kindNow.current = kind;
  }, [kind]);

  const masking = needsMask(kind) && !extension;
  const dims = useMemo(() => (source ? { width: source.width, height: source.height } : null), [source]);
  const extendProblem = dims && extension ? extensionProblem(dims, extension) : null;
  const raster = useMaskRaster(mask.present, source?.width ?? 0, source?.height ?? 0);

  const adopt = useCallback((next: Source) => {
    setSource((old) => {
      if (old?.kind === 'file' && old.url !== next.url) URL.revokeObjectURL(old.url);
      return next;
    });
    setSize(sizeOptions(kindNow.current, next.width, next.height)[0]);
    setTools((tl) => ({ ...tl, size: defaultBrush(next.width, next.height) }));
    setInputError(null);
  }, []);

  const openFile = useCallback(
    async (file: File | null) => {
      if (!file) return;
      try {
        const next = await loadFile(file, t.edit);
        adopt(next);
        dispatch({ type: 'reset' });
        setParentId(undefined);
        setExtension(null);
        reset();
      } catch (error) {
        setInputError((error as Error).message);
      }
    },
    [adopt, reset, t.edit],
  );

  // /edit?asset=<id> or a reopened edit: load the team's stored image (and its result).
  useEffect(() => {
    const assetId = initial.edit?.originalAssetId ?? initial.assetId;
    if (!assetId) return;
    let live = true;
    loadAsset(assetId, t.edit)
      .then((next) => {
        if (!live) return;
        adopt(next);
        const done = initial.edit;
        if (done?.resultAssetId) {
          reset({
            status: 'done',
            outcome: {
              generationId: done.id,
              resultAssetId: done.resultAssetId,
              originalAssetId: done.originalAssetId,
              maskAssetId: done.maskAssetId,
              canvas: done.canvas,
              cost: { amount: done.cost ?? '0', currency: 'CNY' },
              revisedPrompt: done.revisedPrompt,
            },
          });
        } else if (done?.errorMessage && done.status === 'failed') {
          reset({ status: 'error', message: done.errorMessage });
        }
      })
      .catch((error: Error) => live && setInputError(error.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // Only on arrival: later navigation within the studio is client state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Paste an image anywhere on the page (outside text fields).
  useEffect(() => {
    const paste = (e: ClipboardEvent) => {
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea')) return;
      const file = imageFileOf(e.clipboardData);
      if (file) {
        e.preventDefault();
        void openFile(file);
      }
    };
    window.addEventListener('paste', paste);
    return () => window.removeEventListener('paste', paste);
  }, [openFile]);

  useStudioKeys({
    enabled: masking && Boolean(source),
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    brush: (dir) => setTools((tl) => ({ ...tl, size: Math.max(2, Math.min(maxBrush(source), Math.round(tl.size * (dir > 0 ? 1.2 : 1 / 1.2)))) })),
  });

  const chooseKind = (next: EditKind) => {
    setKind(next);
    if (!promptEdited.current) setPrompt(PROMPT_TEMPLATES[next]);
    if (dims) setSize(sizeOptions(next, dims.width, dims.height)[0]);
  };

  /** Outpainting is a local modification whose mask the server makes from the new canvas. */
  const startExtending = () => {
    if (!dims) return;
    const shapes = [dims.width >= dims.height ? 16 / 9 : 9 / 16, 1, 4 / 3, 3 / 4];
    const size = shapes.map((ratio) => canvasFor(dims, ratio)).find(Boolean);
    if (!size) return;
    setExtension({ ...size, anchor: 'center' });
    setKind('local');
    if (!promptEdited.current) setPrompt(t.edit.extend.template);
  };
  const stopExtending = () => {
    setExtension(null);
    if (!promptEdited.current) setPrompt(PROMPT_TEMPLATES[kind]);
  };

  const suggestBackground = useMemo(
    () => kind === 'local' && dims !== null && !raster.empty && looksLikeBackground(dims.width, dims.height, raster.data),
    [kind, dims, raster],
  );

  const running = state.status === 'running';
  const blocked = !source
    ? t.edit.form.needImage
    : extendProblem
      ? format(t.edit.extend.problems[extendProblem], { size: `${source.width}×${source.height}` })
      : masking && raster.empty
        ? t.edit.form.needMask
        : !prompt.trim()
          ? t.edit.form.needPrompt
          : null;

  const submit = async () => {
    if (!source || blocked || running) return;
    const form = new FormData();
    form.set('kind', kind);
    form.set('prompt', prompt.trim());
    if (model) form.set('model', model);
    if (extension) {
      form.set('extendWidth', String(extension.width));
      form.set('extendHeight', String(extension.height));
      form.set('extendAnchor', extension.anchor);
    } else if (size) form.set('size', size);
    if (parentId) form.set('parentId', parentId);
    if (source.kind === 'asset') form.set('assetId', source.assetId);
    else form.set('image', source.file, source.file.name || 'image');
    if (masking) {
      const png = await exportMaskPng(source.width, source.height, mask.present, tools.feather);
      form.set('mask', new Blob([png as BlobPart], { type: 'image/png' }), 'mask.png');
    }
    setShowResult(true);
    setComparing(null);
    await run(form);
  };

  // Once the server holds the original, retries and follow-ups send its id instead of the bytes.
  useEffect(() => {
    if (state.status === 'done' && source?.kind === 'file') {
      const { originalAssetId } = state.outcome;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- swapping the upload for its stored asset
      setSource({
        kind: 'asset',
        assetId: originalAssetId,
        name: source.file.name,
        url: source.url,
        image: source.image,
        width: source.width,
        height: source.height,
      });
    }
  }, [state, source]);

  const continueFrom = async () => {
    if (state.status !== 'done') return;
    setLoading(true);
    try {
      adopt(await loadAsset(state.outcome.resultAssetId, t.edit));
      setParentId(state.outcome.generationId);
      setExtension(null);
      setComparing(null);
      dispatch({ type: 'reset' });
      reset();
    } catch (error) {
      setInputError((error as Error).message);
    } finally {
      setLoading(false);
    }
  };

  const changeOverlay = (next: MaskOverlay) => {
    setOverlay(next);
    void rememberOverlay(next);
  };

  /** A mask made elsewhere, at this image's size, in place of the current one (one undo step). */
  const importMask = async (file: File) => {
    if (!source) return;
    const m = t.edit.mask;
    try {
      const hasAlpha = pngHasAlpha(new Uint8Array(await file.arrayBuffer()));
      if (hasAlpha === null) throw new Error(m.importBad);
      const bitmap = await createImageBitmap(file, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' }).catch(() => {
        throw new Error(m.importBad);
      });
      if (bitmap.width !== source.width || bitmap.height !== source.height) {
        throw new Error(format(m.importSize, { mask: `${bitmap.width}×${bitmap.height}`, image: `${source.width}×${source.height}` }));
      }
      const canvas = document.createElement('canvas');
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(bitmap, 0, 0);
      const data = maskFromPixels(ctx.getImageData(0, 0, bitmap.width, bitmap.height).data, hasAlpha);
      dispatch({ type: 'apply', op: { type: 'region', combine: 'replace', region: { width: source.width, height: source.height, data } } });
      setInputError(null);
    } catch (error) {
      setInputError((error as Error).message);
    }
  };

  /** The mask as the service would get it: greyscale, white = edit, at the image's natural size. */
  const exportMask = async () => {
    if (!source) return;
    const png = await exportMaskPng(source.width, source.height, mask.present, tools.feather);
    const url = URL.createObjectURL(new Blob([png as BlobPart], { type: 'image/png' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `mask-${source.width}x${source.height}.png`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const result = state.status === 'done' && showResult && source ? state.outcome : null;
  // The step the studio shows: the edit just made, or the one being continued from.
  const versionOf = state.status === 'done' ? state.outcome.generationId : parentId;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_21rem]">
      <div className="grid min-w-0 content-start gap-3">
        {source && (
          <div className="flex flex-wrap items-center justify-between gap-2 text-[13px] text-ink-muted">
            <span className="truncate" data-testid="source-info">
              {(source.kind === 'file' ? source.file.name : source.name) || t.edit.result.title} · {source.width}×{source.height}
            </span>
            {!result && (
              <Button
                variant="ghost"
                size="sm"
                className="ml-auto"
                aria-pressed={Boolean(extension)}
                onClick={extension ? stopExtending : startExtending}
                disabled={running}
                data-testid="extend-toggle"
              >
                {extension ? <X /> : <Expand />}
                {extension ? t.edit.extend.close : t.edit.extend.button}
              </Button>
            )}
            <label className="cursor-pointer">
              <input type="file" accept="image/png,image/jpeg,image/webp" className="sr-only" onChange={(e) => void openFile(e.target.files?.[0] ?? null)} />
              <span className="inline-flex items-center gap-1.5 rounded-control px-2 py-1 text-ink-muted hover:bg-subtle hover:text-ink [&_svg]:size-4">
                <ImagePlus />
                {t.edit.input.replace}
              </span>
            </label>
          </div>
        )}
        {source && masking && !result && (
          <MaskToolbar
            tools={tools}
            overlay={overlay}
            maxSize={maxBrush(source)}
            onChange={setTools}
            onOverlay={changeOverlay}
            onGrow={(pixels) => dispatch({ type: 'apply', op: { type: 'grow', pixels } })}
            onImport={(file) => void importMask(file)}
            onExport={() => void exportMask()}
            onInvert={() => dispatch({ type: 'apply', op: { type: 'invert' } })}
            onClear={() => dispatch({ type: 'clear' })}
            onUndo={() => dispatch({ type: 'undo' })}
            onRedo={() => dispatch({ type: 'redo' })}
            canUndo={mask.past.length > 0}
            canRedo={mask.future.length > 0}
          />
        )}
        <div
          className="relative h-[min(66vh,620px)] min-h-80 overflow-hidden rounded-card bg-subtle shadow-card"
          style={CHECKER}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            void openFile(imageFileOf(e.dataTransfer));
          }}
        >
          {loading ? (
            <CanvasSpinner />
          ) : !source ? (
            <SourceDrop error={inputError} onFile={(file) => void openFile(file)} />
          ) : comparing ? (
            <BeforeAfter key={comparing.label} before={`/api/assets/${comparing.before}`} after={`/api/assets/${comparing.after}`} />
          ) : result ? (
            <BeforeAfter before={source.url} after={`/api/assets/${result.resultAssetId}`} canvas={result.canvas} original={dims ?? undefined} />
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
              onOp={(op) => dispatch({ type: 'apply', op })}
              onPointerKind={setTouchUsed}
              labels={{
                canvas: t.edit.input.canvasLabel,
                fit: t.edit.mask.fit,
                actual: t.edit.mask.actual,
                zoomIn: t.edit.mask.zoomIn,
                zoomOut: t.edit.mask.zoomOut,
              }}
            />
          )}
          {running && <div className="pointer-events-none absolute inset-0 animate-pulse bg-surface/25" aria-hidden />}
        </div>
        {source && inputError && (
          <p className="text-[13px] text-danger" role="alert">
            {inputError}
          </p>
        )}
        {comparing && (
          <p className="text-[13px] text-ink-muted" data-testid="comparing">
            {comparing.label}
          </p>
        )}
        {source && versionOf && <Filmstrip key={versionOf} editId={versionOf} onCompare={setComparing} />}
        {source && masking && !result && (
          <p className="text-xs text-ink-subtle" data-testid="mask-hints">
            {/* Keyboard hints for a mouse, gestures for a finger or a pen. */}
            {(touchUsed ?? coarsePointer) ? t.edit.mask.touchHints : t.edit.mask.shortcuts}
          </p>
        )}
      </div>

      <aside className="grid content-start gap-5 rounded-card bg-surface p-4 shadow-card">
        {extension && dims ? (
          <ExtendOptions image={dims} value={extension} onChange={setExtension} />
        ) : (
          <KindPicker value={kind} onChange={chooseKind} disabled={running} />
        )}
        {suggestBackground && (
          <div className="grid gap-2 rounded-control bg-accent-soft p-3 text-[13px] text-accent-soft-ink" data-testid="background-hint">
            <p>{t.edit.mask.backgroundHint}</p>
            <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => chooseKind('background')}>
              <Wallpaper />
              {t.edit.mask.useBackground}
            </Button>
          </div>
        )}
        <EditOptions
          kind={kind}
          prompt={prompt}
          onPrompt={(p) => {
            promptEdited.current = true;
            setPrompt(p);
          }}
          models={models}
          model={model}
          onModel={setModel}
          dims={extension && !extendProblem ? extension : dims}
          extending={Boolean(extension && !extendProblem)}
          size={extension ? `${extension.width}x${extension.height}` : size}
          onSize={setSize}
          blocked={running ? null : blocked}
          pending={running}
          onSubmit={() => void submit()}
        />
        {state.status === 'running' && <EditProgress startedAt={state.startedAt} onCancel={cancel} />}
        {state.status === 'cancelled' && (
          <p className="text-[13px] text-ink-muted" role="status">
            {t.edit.run.cancelled}
          </p>
        )}
        {state.status === 'error' && (
          <div role="alert" className="grid gap-1 rounded-control border border-danger/30 bg-danger-soft p-3 text-[13px]" data-testid="edit-error">
            <p className="flex items-center gap-1.5 font-medium text-danger [&_svg]:size-4">
              <AlertTriangle />
              {t.edit.run.failed}
            </p>
            <p className="text-ink">{state.message}</p>
            <p className="text-ink-muted">{t.edit.run.retryHint}</p>
          </div>
        )}
        {state.status === 'done' && source && (
          <ResultPanel outcome={state.outcome} onContinue={() => void continueFrom()} showing={showResult} onBack={() => setShowResult((v) => !v)} />
        )}
      </aside>
    </div>
  );
}

// A light checkerboard behind the image, so transparent areas read as transparent.
const CHECKER = {
  backgroundImage: 'repeating-conic-gradient(var(--line) 0% 25%, transparent 0% 50%)',
  backgroundSize: '20px 20px',
};

const maxBrush = (source: Source | null) => (source ? Math.max(64, Math.round(Math.max(source.width, source.height) / 4)) : 400);
