import { canvasFor, type Extension } from '@/lib/edits/canvas';
import type { EditModel } from '@/lib/edits/edit-models';
import type { EditRecord } from '@/lib/edits/history';
import { chosenResult, MAX_EDIT_RESULTS, type EditResultItem } from '@/lib/edits/results';
import { needsMask, PROMPT_TEMPLATES, sizeOptions, type EditKind } from '@/lib/edits/kinds';
import { maskReducer, type MaskAction, type MaskHistory, newHistory, type Region } from '@/lib/edits/mask-doc';
import type { EditOutcome } from '@/lib/edits/run-edit';
import type { HeldRequest } from '@/lib/generations/approval-gate';
import type { Comparison } from './filmstrip';
import type { Source } from './load-image';
import type { MaskTools } from './mask-toolbar';

/** The edit sent to the service: nothing yet, under way (by its request id), or how it ended. */
export type RunState =
  | { status: 'idle' }
  | { status: 'running'; requestId: string; startedAt: number }
  | { status: 'done'; outcome: EditOutcome }
  /** Over the team's limit for approval: kept for an owner or admin to decide, nothing run. */
  | { status: 'held'; held: HeldRequest }
  | { status: 'error'; message: string }
  | { status: 'cancelled' };

/** Everything the studio shows, changed only by the transitions below. */
export interface EditSession {
  /** The picture being edited: null until one is picked, dropped, pasted or loaded. */
  source: Source | null;
  loading: boolean;
  /** Why the last picture or mask offered could not be used. */
  inputError: string | null;
  kind: EditKind;
  prompt: string;
  /** The user wrote the prompt: a kind's template no longer replaces it. */
  promptEdited: boolean;
  /** Each kind's template, in the reader's language (lib/edits/kinds.ts promptTemplates). */
  templates: Record<EditKind, string>;
  model: string;
  /** How many results of the model a run asks for (1 to 4 variants, each its own seed). */
  variants: number;
  /** The edit board's models ("Compare models" on), in the order picked; null for one model. */
  board: string[] | null;
  size: string;
  /** The edit this one continues (the step before it in the chain). */
  parentId: string | undefined;
  /** Outpainting: the larger canvas the image is being extended to, or null. */
  extension: Extension | null;
  /** Two versions side by side in the slider, picked on the filmstrip. */
  comparing: Comparison | null;
  mask: MaskHistory;
  tools: MaskTools;
  run: RunState;
  /** After a run: the result (true), or the picture again to edit it once more. */
  showResult: boolean;
  /** After a run of several: the result on show in the before/after (its output id); null for the chosen one. */
  viewing: string | null;
  /** The mask guard's heat map over the result on show. */
  heatmap: boolean;
  /** The result file's own size, read from the decoded image (an upscale or an outpainting differs from the picture's). */
  resultSize: Measured | null;
}

/** An asset's pixel size as the browser decoded it. */
export interface Measured {
  assetId: string;
  width: number;
  height: number;
}

export type SessionAction =
  // The picture
  | { type: 'arrive'; source: Source; edit?: EditRecord }
  | { type: 'open'; source: Source }
  | { type: 'loading' }
  | { type: 'continue'; source: Source; from: string }
  | { type: 'loadFailed'; message: string }
  | { type: 'refuse'; message: string }
  // The request
  | { type: 'chooseKind'; kind: EditKind }
  | { type: 'writePrompt'; prompt: string }
  | { type: 'chooseModel'; model: string }
  | { type: 'chooseVariants'; n: number }
  | { type: 'compareModels'; models: string[] }
  | { type: 'toggleBoardModel'; model: string }
  | { type: 'oneModel' }
  | { type: 'chooseSize'; size: string }
  | { type: 'extend'; template: string }
  | { type: 'reshape'; extension: Extension }
  | { type: 'stopExtending' }
  // The mask
  | { type: 'mask'; change: MaskAction }
  | { type: 'importMask'; region: Region }
  /** A patch, merged into the tools as they are when it lands: two changes before a render both hold. */
  | { type: 'tools'; patch: Partial<MaskTools> }
  | { type: 'brush'; direction: 1 | -1 }
  // The run
  | { type: 'run'; requestId: string; startedAt: number }
  | { type: 'result'; requestId: string; outcome: EditOutcome }
  | { type: 'held'; requestId: string; held: HeldRequest }
  | { type: 'fail'; requestId: string; message: string }
  | { type: 'cancel' }
  // What the canvas shows
  | { type: 'compare'; comparison: Comparison | null }
  | { type: 'toggleResult' }
  | { type: 'view'; outputId: string }
  | { type: 'toggleHeatmap' }
  | { type: 'pick'; outputId: string; resultAssetId: string }
  | { type: 'measureResult'; size: Measured };

export function startSession({
  models,
  initial,
  templates = PROMPT_TEMPLATES,
}: {
  models: EditModel[];
  initial: { assetId?: string; edit?: EditRecord };
  templates?: Record<EditKind, string>;
}): EditSession {
  const { edit } = initial;
  return {
    source: null,
    loading: Boolean(initial.assetId || edit),
    inputError: null,
    kind: edit?.kind ?? 'background',
    prompt: edit?.prompt ?? templates.background,
    templates,
    promptEdited: Boolean(edit),
    model: edit?.model ?? models[0]?.id ?? '',
    // A reopened run's form asks as it did: its variants, or its board's models.
    variants: edit?.mode === 'variants' ? edit.results.length : 1,
    board: edit?.mode === 'board' ? edit.results.map((r) => r.model) : null,
    size: '',
    parentId: edit?.id,
    extension: null,
    comparing: null,
    mask: newHistory(),
    tools: { tool: 'brush', combine: 'add', size: 48, feather: 6, tolerance: 24, contiguous: true, edge: 8 },
    run: { status: 'idle' },
    showResult: true,
    viewing: null,
    heatmap: false,
    resultSize: null,
  };
}

/** The studio's story: each transition is a thing the user did or the service answered. */
export function editSession(s: EditSession, action: SessionAction): EditSession {
  switch (action.type) {
    case 'arrive': // the page's own picture (?asset=, or a reopened edit with its result) has loaded
      return { ...adopt(s, action.source), loading: false, run: (action.edit && reopened(action.edit)) ?? s.run };
    case 'open': // a new picture: a new edit, with a clean mask
      return { ...adopt(s, action.source), loading: false, mask: newHistory(), parentId: undefined, extension: null, run: { status: 'idle' } };
    case 'loading':
      return { ...s, loading: true };
    case 'continue': // the result becomes the picture, and the next edit its next step
      return {
        ...adopt(s, action.source),
        loading: false,
        parentId: action.from,
        extension: null,
        comparing: null,
        mask: newHistory(),
        run: { status: 'idle' },
        viewing: null,
        heatmap: false,
      };
    case 'loadFailed':
      return { ...s, loading: false, inputError: action.message };
    case 'refuse':
      return { ...s, loading: false, inputError: action.message };

    case 'chooseKind': {
      const { kind } = action;
      const size = s.source ? sizeOptions(kind, s.source.width, s.source.height)[0] : s.size;
      return { ...s, kind, size, prompt: s.promptEdited ? s.prompt : s.templates[kind] };
    }
    case 'writePrompt':
      return { ...s, prompt: action.prompt, promptEdited: true };
    case 'chooseModel':
      return { ...s, model: action.model };
    case 'chooseVariants': // variants and the board do not combine: the control is off while the board is on
      return s.board ? s : { ...s, variants: Math.max(1, Math.min(MAX_EDIT_RESULTS, Math.round(action.n))) };
    case 'compareModels': // "Compare models" on: the board starts from the models given (the chosen one first), one result each
      return s.variants > 1 ? s : { ...s, board: action.models.slice(0, MAX_EDIT_RESULTS) };
    case 'toggleBoardModel': {
      if (!s.board) return s;
      const { model } = action;
      if (s.board.includes(model)) return { ...s, board: s.board.filter((m) => m !== model) };
      return s.board.length < MAX_EDIT_RESULTS ? { ...s, board: [...s.board, model] } : s;
    }
    case 'oneModel': // the board off: its first model is the one model
      return { ...s, board: null, model: s.board?.[0] ?? s.model };
    case 'chooseSize':
      return { ...s, size: action.size };
    case 'extend': {
      // Outpainting is a local modification whose mask the server makes from the new canvas.
      const extension = s.source && firstCanvas(s.source);
      if (!extension) return s;
      return { ...s, extension, kind: 'local', prompt: s.promptEdited ? s.prompt : action.template };
    }
    case 'reshape':
      return { ...s, extension: action.extension };
    case 'stopExtending':
      return { ...s, extension: null, prompt: s.promptEdited ? s.prompt : s.templates[s.kind] };

    case 'mask':
      return { ...s, mask: maskReducer(s.mask, action.change) };
    case 'importMask': // a mask made elsewhere replaces this one (one undo step)
      return { ...s, inputError: null, mask: maskReducer(s.mask, { type: 'apply', op: { type: 'region', combine: 'replace', region: action.region } }) };
    case 'tools':
      return { ...s, tools: { ...s.tools, ...action.patch } };
    case 'brush': {
      const size = Math.round(s.tools.size * (action.direction > 0 ? 1.2 : 1 / 1.2));
      return { ...s, tools: { ...s.tools, size: Math.max(2, Math.min(maxBrush(s.source), size)) } };
    }

    case 'run':
      return { ...s, run: { status: 'running', requestId: action.requestId, startedAt: action.startedAt }, showResult: true, comparing: null, viewing: null };
    case 'result': // only the run still awaited lands; once the server holds the original, follow-ups send its id
      return runs(s, action.requestId)
        ? { ...s, run: { status: 'done', outcome: action.outcome }, source: stored(s.source, action.outcome), viewing: null }
        : s;
    case 'held': // kept for approval: the picture stays as it was, to edit again meanwhile
      return runs(s, action.requestId) ? { ...s, run: { status: 'held', held: action.held }, showResult: false } : s;
    case 'fail':
      return runs(s, action.requestId) ? { ...s, run: { status: 'error', message: action.message } } : s;
    case 'cancel':
      return s.run.status === 'running' ? { ...s, run: { status: 'cancelled' } } : s;

    case 'compare':
      return { ...s, comparing: action.comparison };
    case 'toggleResult':
      return { ...s, showResult: !s.showResult };
    case 'view': // a result of the run (a variant's thumbnail) into the before/after
      return s.run.status === 'done' && completed(s.run.outcome.results, action.outputId) ? { ...s, viewing: action.outputId, showResult: true } : s;
    case 'toggleHeatmap':
      return { ...s, heatmap: !s.heatmap };
    case 'pick': // "use this one": the server keeps it as the result the run continues from
      return s.run.status === 'done' && completed(s.run.outcome.results, action.outputId)
        ? { ...s, run: { status: 'done', outcome: { ...s.run.outcome, pickedOutputId: action.outputId, resultAssetId: action.resultAssetId } } }
        : s;
    case 'measureResult': // only the result still on hand is measured (a late decode of an older one is dropped)
      return shownAssetId(s) === action.size.assetId ? { ...s, resultSize: action.size } : s;
  }
}

/** Mask tools on: a kind that edits where the mask says, and no outpainting (its mask is the new canvas). */
export const isMasking = (s: EditSession) => needsMask(s.kind) && !s.extension;

/** The brush's largest size for a picture: a quarter of its longer side (at least 64 px). */
export const maxBrush = (source: { width: number; height: number } | null) =>
  source ? Math.max(64, Math.round(Math.max(source.width, source.height) / 4)) : 400;

/** The result on show (not while the user looks at the picture again), or null. */
export const shownResult = (s: EditSession) => (s.run.status === 'done' && s.showResult && s.source ? s.run.outcome : null);

/** Of a finished run's results, the one in view: the one viewed, else the one the run continues from. */
export function viewedItem(s: EditSession): EditResultItem | null {
  if (s.run.status !== 'done') return null;
  const { results, pickedOutputId } = s.run.outcome;
  return results.find((r) => r.outputId === s.viewing && r.status === 'completed') ?? chosenResult(results, pickedOutputId);
}

/** The result on show in the before/after, or null (not while the user looks at the picture again). */
export const shownItem = (s: EditSession) => (shownResult(s) ? viewedItem(s) : null);

/** The file on show after a run (a run whose results are not listed shows its chosen one). */
export const shownAssetId = (s: EditSession) => shownItem(s)?.resultAssetId ?? shownResult(s)?.resultAssetId ?? null;

/**
 * The size of the result on show, for the header: as decoded, else an outpainting's canvas (known
 * before the image is), else null (not measured yet).
 */
export function shownResultSize(s: EditSession): { width: number; height: number } | null {
  const result = shownResult(s);
  if (!result) return null;
  if (s.resultSize?.assetId === shownAssetId(s)) return s.resultSize;
  return result.canvas ? { width: result.canvas.width, height: result.canvas.height } : null;
}

/** The step the studio shows: the edit just made, or the one being continued from. */
export const versionOf = (s: EditSession) => (s.run.status === 'done' ? s.run.outcome.generationId : s.parentId);

const runs = (s: EditSession, requestId: string) => s.run.status === 'running' && s.run.requestId === requestId;

const completed = (results: EditResultItem[], outputId: string) => results.some((r) => r.outputId === outputId && r.status === 'completed');

const defaultBrush = (w: number, h: number) => Math.max(8, Math.round(Math.max(w, h) / 24));

/** A picture taken in: the kind's first size for it, a brush to its scale, no complaint left. */
function adopt(s: EditSession, source: Source): EditSession {
  const size = sizeOptions(s.kind, source.width, source.height)[0];
  return { ...s, source, size, tools: { ...s.tools, size: defaultBrush(source.width, source.height) }, inputError: null };
}

/** The first shape of canvas that fits around the picture: wider for a landscape, taller for a portrait. */
function firstCanvas(dims: { width: number; height: number }): Extension | null {
  const shapes = [dims.width >= dims.height ? 16 / 9 : 9 / 16, 1, 4 / 3, 3 / 4];
  const size = shapes.map((ratio) => canvasFor(dims, ratio)).find(Boolean);
  return size ? { ...size, anchor: 'center' } : null;
}

/** A reopened edit as the run it was: done with its result, or failed with its message. */
function reopened(edit: EditRecord): RunState | null {
  if (edit.resultAssetId) {
    const { id, resultAssetId, originalAssetId, maskAssetId, canvas, cost, revisedPrompt, mode, results, pickedOutputId } = edit;
    return {
      status: 'done',
      outcome: {
        generationId: id,
        mode,
        results,
        pickedOutputId,
        resultAssetId,
        revisedPrompt,
        originalAssetId,
        maskAssetId,
        canvas,
        cost: { amount: cost ?? '0', currency: 'CNY' },
      },
    };
  }
  return edit.errorMessage && edit.status === 'failed' ? { status: 'error', message: edit.errorMessage } : null;
}

/** An upload, once the server keeps it as an asset: the same picture, sent by id from now on. */
function stored(source: Source | null, outcome: EditOutcome): Source | null {
  if (source?.kind !== 'file') return source;
  const { file, url, image, width, height } = source;
  return { kind: 'asset', assetId: outcome.originalAssetId, name: file.name, url, image, width, height };
}
