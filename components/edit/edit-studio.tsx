'use client';

import { useMemo, useState, type ReactNode } from 'react';
import type { EditModel } from '@/lib/edits/edit-models';
import type { EditRecord } from '@/lib/edits/history';
import type { MaskAction } from '@/lib/edits/mask-doc';
import type { MaskOverlay } from '@/lib/edits/studio-prefs';
import { useI18n } from '../i18n-provider';
import { ReviewScope } from '../review/review-scope';
import { useJson } from '../server-state';
import { Dialog } from '../ui/dialog';
import { EditPanel } from './edit-panel';
import { editForm, blockedBy } from './edit-request';
import { isMasking, maxBrush, shownItem, shownResult, shownResultSize, versionOf } from './edit-session';
import { EditViewer } from './edit-viewer';
import { Filmstrip } from './filmstrip';
import { downloadMask, readMaskFile } from './mask-files';
import { MaskHints, useTouchFirst } from './mask-hints';
import { MaskToolbar } from './mask-toolbar';
import { PhotoNotice } from './photo-notice';
import { SourceBar } from './source-bar';
import { StudioCanvas } from './studio-canvas';
import { useEditRun } from './use-edit-run';
import { useEditSession } from './use-edit-session';
import { useMaskRaster } from './use-mask-raster';
import { useStudioKeys } from './use-studio-keys';
import { VariantStrip } from './variant-strip';

export interface StudioInitial {
  assetId?: string;
  edit?: EditRecord;
  overlay: MaskOverlay;
}

/**
 * The edit studio: a picture, what to do to it (and where: the mask), the run, its result and the
 * versions it makes. Its state is one session (edit-session.ts); this lays it out.
 */
export function EditStudio({
  models,
  initial,
  rememberOverlay,
  history,
  historyPanel,
}: {
  models: EditModel[];
  initial: StudioInitial;
  /** Keeps the overlay's colour and opacity for this user (a server action). */
  rememberOverlay: (overlay: MaskOverlay) => Promise<unknown>;
  /** The team's edits: under the studio while it is empty, else in a panel (titled by it). */
  history: ReactNode;
  historyPanel: ReactNode;
}) {
  const { t } = useI18n();
  const { session, dispatch, openFile, continueFrom, continueWith } = useEditSession(models, initial);
  const { source, mask, tools, comparing, extension, inputError } = session;
  const { run, cancel } = useEditRun(session.run, dispatch);
  const [overlay, setOverlay] = useState<MaskOverlay>(initial.overlay);
  /** How the last imported mask was read, shown while its picture is. */
  const [maskNote, setMaskNote] = useState<{ text: string; of: unknown } | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  /** The run's results full screen, opened on one of them (its output id). */
  const [viewerAt, setViewerAt] = useState<string | null>(null);
  const [touch, setTouchUsed] = useTouchFirst();
  const raster = useMaskRaster(mask.present, source?.width ?? 0, source?.height ?? 0);
  const dims = useMemo(() => (source ? { width: source.width, height: source.height } : null), [source]);
  const masking = isMasking(session);
  const painting = Boolean(source) && masking && !shownResult(session);
  const running = session.run.status === 'running';
  const blocked = blockedBy(session, raster.empty, t.edit);
  const version = versionOf(session);
  const result = shownResult(session);
  // The result on show is what the review beside it is about (an edit board's cards each have their own page).
  const reviewed = result && result.mode !== 'board' && !comparing ? (shownItem(session)?.outputId ?? null) : null;
  // Its place in the chain of versions (the filmstrip's list, from the same query): a state is that version's.
  const chain = useJson<{ versions: Array<{ id: string }> }>(`/api/edits/${version ?? 'none'}/versions`, { enabled: Boolean(reviewed && version) }).data
    ?.versions;
  const versionNumber = chain && version ? chain.findIndex((v) => v.id === version) + 1 || null : null;
  const changeMask = (change: MaskAction) => dispatch({ type: 'mask', change });

  useStudioKeys({
    enabled: masking && Boolean(source),
    undo: () => changeMask({ type: 'undo' }),
    redo: () => changeMask({ type: 'redo' }),
    brush: (direction) => dispatch({ type: 'brush', direction }),
  });

  const submit = async () => {
    if (!source || blocked || running) return;
    await run(await editForm(session, source));
  };

  const changeOverlay = (next: MaskOverlay) => {
    setOverlay(next);
    void rememberOverlay(next);
  };

  const importMask = (file: File) => {
    if (!source) return;
    const { width, height } = source;
    readMaskFile(file, source, t.edit.mask).then(
      ({ data, readBy }) => {
        dispatch({ type: 'importMask', region: { width, height, data } });
        setMaskNote({ text: t.edit.mask.importRead[readBy], of: source });
      },
      (error: Error) => {
        setMaskNote(null);
        dispatch({ type: 'refuse', message: error.message });
      },
    );
  };

  return (
    <ReviewScope outputId={reviewed || null}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_21rem]">
        {/* On a wide screen the column is the screen's height below the page's title, and the canvas takes what its lines leave. */}
        <div className="flex min-w-0 flex-col gap-3 lg:h-[calc(100dvh-12.25rem)] lg:min-h-fit">
          {source && (
            <SourceBar
              source={source}
              result={shownResult(session) ? { size: shownResultSize(session) } : null}
              canExtend={!shownResult(session)}
              extending={Boolean(extension)}
              running={running}
              onExtend={() => dispatch({ type: 'extend', template: t.edit.extend.template })}
              onStopExtending={() => dispatch({ type: 'stopExtending' })}
              onFile={(file) => void openFile(file)}
              onHistory={() => setHistoryOpen(true)}
            />
          )}
          {source && painting && (
            <MaskToolbar
              tools={tools}
              overlay={overlay}
              maxSize={maxBrush(source)}
              onChange={(patch) => dispatch({ type: 'tools', patch })}
              onOverlay={changeOverlay}
              onMask={changeMask}
              onImport={importMask}
              onExport={() => void downloadMask(source, mask.present, tools.feather)}
              canUndo={mask.past.length > 0}
              canRedo={mask.future.length > 0}
            />
          )}
          <StudioCanvas
            session={session}
            raster={raster}
            masking={masking}
            overlay={overlay}
            onOp={(op) => changeMask({ type: 'apply', op })}
            onPointerKind={setTouchUsed}
            onResultSize={(size) => dispatch({ type: 'measureResult', size })}
            onFile={(file) => void openFile(file)}
            onOpenResult={setViewerAt}
            onUse={(item) => void continueWith(item)}
          />
          {result?.mode === 'variants' && !comparing && (
            <VariantStrip
              results={result.results}
              shown={shownItem(session)?.outputId ?? null}
              onView={(outputId) => dispatch({ type: 'view', outputId })}
              onFullScreen={() => setViewerAt(shownItem(session)?.outputId ?? result.results[0].outputId)}
            />
          )}
          {source && inputError && (
            <p className="text-[13px] text-danger" role="alert">
              {inputError}
            </p>
          )}
          {source?.kind === 'asset' && source.photo && <PhotoNotice photo={source.photo} width={source.width} height={source.height} />}
          {source && !inputError && painting && maskNote?.of === source && (
            <p className="text-[13px] text-ink-muted" role="status" data-testid="mask-import-note">
              {maskNote.text}
            </p>
          )}
          {comparing && (
            <p className="text-[13px] text-ink-muted" data-testid="comparing">
              {comparing.label}
            </p>
          )}
          {source && version && <Filmstrip key={version} editId={version} onCompare={(comparison) => dispatch({ type: 'compare', comparison })} />}
          {painting && <MaskHints touch={touch} polygon={tools.tool === 'polygon'} />}
        </div>
        <EditPanel
          session={session}
          dispatch={dispatch}
          models={models}
          dims={dims}
          raster={raster}
          blocked={blocked}
          onSubmit={() => void submit()}
          onCancel={cancel}
          onContinue={() => void continueFrom()}
          onUse={(item) => void continueWith(item)}
          version={versionNumber}
        />
        {viewerAt && result && source && <EditViewer results={result.results} original={source.url} start={viewerAt} onClose={() => setViewerAt(null)} />}
        {!source && !session.loading && <div className="lg:col-span-2">{history}</div>}
        {source && (
          <Dialog open={historyOpen} onClose={() => setHistoryOpen(false)} title={t.edit.history.title} closeLabel={t.common.close} className="max-w-5xl!">
            <div className="max-h-[70vh] overflow-y-auto">{historyPanel}</div>
          </Dialog>
        )}
      </div>
    </ReviewScope>
  );
}
