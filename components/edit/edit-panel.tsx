'use client';

import { Wallpaper } from 'lucide-react';
import { useMemo, type Dispatch } from 'react';
import type { EditModel } from '@/lib/edits/edit-models';
import { extensionProblem } from '@/lib/edits/canvas';
import { looksLikeBackground } from '@/lib/edits/mask-export';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { EditOptions } from './edit-options';
import type { EditResultItem } from '@/lib/edits/results';
import { viewedItem, type EditSession, type SessionAction } from './edit-session';
import { ExtendOptions } from './extend-options';
import { KindPicker } from './kind-picker';
import { kindRefusals } from './kind-refusals';
import { ModelOptions } from './model-options';
import { ReviewPanel } from '../review/review-panel';
import { ResultPanel } from './result-panel';
import { RunStatus } from './run-status';
import type { MaskRaster } from './use-mask-raster';

interface Props {
  session: EditSession;
  dispatch: Dispatch<SessionAction>;
  models: EditModel[];
  dims: { width: number; height: number } | null;
  raster: MaskRaster;
  /** Why the edit cannot be sent yet, or null. */
  blocked: string | null;
  onSubmit: () => void;
  onCancel: () => void;
  onContinue: () => void;
  /** "Use this one" on the variant on show. */
  onUse: (item: EditResultItem) => void;
  /** The version on show, counted along its chain (1 for a first edit): its review is that version's. */
  version?: number | null;
}

/** The studio's side: what kind of edit (or the outpainting's canvas), the prompt and options, the run and its result. */
export function EditPanel({ session, dispatch, models, dims, raster, blocked, onSubmit, onCancel, onContinue, onUse, version }: Props) {
  const { t } = useI18n();
  const { kind, extension, run, source } = session;
  const running = run.status === 'running';
  const extendProblem = dims && extension ? extensionProblem(dims, extension) : null;
  // A local edit whose mask covers what looks like the background: offer the background kind.
  const suggestBackground = useMemo(
    () => kind === 'local' && dims !== null && !raster.empty && looksLikeBackground(dims.width, dims.height, raster.data),
    [kind, dims, raster],
  );
  const chooseKind = (next: typeof kind) => dispatch({ type: 'chooseKind', kind: next });
  const refusals = useMemo(() => kindRefusals(models, session.board ?? [session.model], t.edit), [models, session.board, session.model, t.edit]);
  const size = extension ? `${extension.width}x${extension.height}` : session.size;
  return (
    // On a wide screen the panel is no taller than the studio's column (the page does not scroll): it scrolls within,
    // its sr-only radios with it (relative: their containing block).
    <aside className="relative grid content-start gap-4 rounded-card bg-surface p-4 shadow-card lg:max-h-[calc(100dvh-12.25rem)] lg:overflow-y-auto">
      {extension && dims ? (
        <ExtendOptions image={dims} value={extension} onChange={(next) => dispatch({ type: 'reshape', extension: next })} />
      ) : (
        <KindPicker value={kind} onChange={chooseKind} disabled={running} refusals={refusals} />
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
        prompt={session.prompt}
        onPrompt={(prompt) => dispatch({ type: 'writePrompt', prompt })}
        modelControls={
          <ModelOptions
            models={models}
            model={session.model}
            variants={session.variants}
            board={session.board}
            kind={kind}
            size={size || (dims ? `${dims.width}x${dims.height}` : '')}
            onModel={(model) => dispatch({ type: 'chooseModel', model })}
            onVariants={(n) => dispatch({ type: 'chooseVariants', n })}
            onBoard={(picked) => dispatch(picked ? { type: 'compareModels', models: picked } : { type: 'oneModel' })}
            onToggleModel={(model) => dispatch({ type: 'toggleBoardModel', model })}
          />
        }
        dims={extension && !extendProblem ? extension : dims}
        extending={Boolean(extension && !extendProblem)}
        size={size}
        onSize={(size) => dispatch({ type: 'chooseSize', size })}
        blocked={running ? null : (refusals[kind] ?? blocked)}
        pending={running}
        onSubmit={onSubmit}
      />
      <RunStatus run={run} onCancel={onCancel} />
      {run.status === 'done' && source && (
        <ResultPanel
          outcome={run.outcome}
          item={run.outcome.mode === 'board' ? null : viewedItem(session)}
          showing={session.showResult}
          heatmap={session.heatmap}
          onHeatmap={() => dispatch({ type: 'toggleHeatmap' })}
          onContinue={onContinue}
          onUse={onUse}
          busy={session.loading}
          onBack={() => dispatch({ type: 'toggleResult' })}
        />
      )}
      {run.status === 'done' && session.showResult && <ReviewPanel version={version} />}
    </aside>
  );
}
