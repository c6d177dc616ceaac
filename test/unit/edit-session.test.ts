// The studio's session reducer (components/edit/edit-session.ts): its transitions, without a browser.
import { describe, expect, it } from 'vitest';
import { blockedBy, editForm } from '@/components/edit/edit-request';
import {
  editSession,
  isMasking,
  shownAssetId,
  shownItem,
  shownResult,
  shownResultSize,
  startSession,
  versionOf,
  viewedItem,
  type EditSession,
  type SessionAction,
} from '@/components/edit/edit-session';
import type { Source } from '@/components/edit/load-image';
import type { EditRecord } from '@/lib/edits/history';
import { PROMPT_TEMPLATES, promptTemplates } from '@/lib/edits/kinds';
import type { EditResultItem } from '@/lib/edits/results';
import type { EditOutcome } from '@/lib/edits/run-edit';
import { editEn } from '@/lib/i18n/dictionaries/edit.en';

const image = {} as HTMLImageElement;
const upload = (width = 1200, height = 800): Source => ({ kind: 'file', file: new File(['x'], 'photo.png'), url: 'blob:photo', image, width, height });
const asset = (assetId: string, width = 1200, height = 800): Source => ({ kind: 'asset', assetId, url: `/api/assets/${assetId}`, image, width, height });
const outcome = (generationId: string): EditOutcome => ({
  generationId,
  mode: 'single',
  results: [],
  pickedOutputId: null,
  resultAssetId: `result-of-${generationId}`,
  originalAssetId: 'stored-original',
  maskAssetId: null,
  canvas: null,
  cost: { amount: '0.20', currency: 'CNY' },
  revisedPrompt: null,
});

/** One request's result of a run: completed with its file, or failed. */
const item = (outputId: string, model = 'atelier-edit', status: EditResultItem['status'] = 'completed'): EditResultItem => ({
  outputId,
  model,
  seed: 7,
  status,
  resultAssetId: status === 'completed' ? `file-${outputId}` : null,
  rawAssetId: null,
  cost: status === 'completed' ? '0.1' : '0',
  upstreamMs: 1200,
  revisedPrompt: null,
  maskGuard: null,
  error: status === 'completed' ? null : { code: 'upstream_error', message: 'no' },
  reviewState: 'draft',
});
/** A run of three variants, the second failed; the first is the one it continues from until one is picked. */
const variants = (generationId: string): EditOutcome => ({
  ...outcome(generationId),
  mode: 'variants',
  results: [item('v1'), item('v2', 'atelier-edit', 'failed'), item('v3')],
  resultAssetId: 'file-v1',
});

const fresh = () => startSession({ models: [{ id: 'atelier-edit' } as never], initial: {} });
const play = (s: EditSession, ...actions: SessionAction[]) => actions.reduce(editSession, s);
const stroke: SessionAction = { type: 'mask', change: { type: 'apply', op: { type: 'invert' } } };

describe('the edit session', () => {
  it('opens a picture: its size, a brush to its scale, a clean mask, a new chain', () => {
    const s = play(fresh(), { type: 'chooseKind', kind: 'upscale' }, { type: 'open', source: upload(1200, 800) });
    expect(s.size).toBe('2400x1600');
    expect(s.tools.size).toBe(50);
    expect(s.parentId).toBeUndefined();
    expect(s.model).toBe('atelier-edit');
    expect(s.mask.present.ops).toEqual([]);
  });

  it('a kind brings its template until the user writes a prompt, and re-sizes for the picture', () => {
    let s = play(fresh(), { type: 'open', source: upload() }, { type: 'chooseKind', kind: 'style' });
    expect(s.prompt).toBe(PROMPT_TEMPLATES.style);
    s = play(s, { type: 'writePrompt', prompt: 'make it blue' }, { type: 'chooseKind', kind: 'upscale' });
    expect(s.prompt).toBe('make it blue');
    expect(s.size).toBe('2400x1600');
  });

  it('a Chinese reader starts from the Chinese templates and switches kinds to them', () => {
    const zh = promptTemplates('zh-CN').kinds;
    let s = startSession({ models: [{ id: 'atelier-edit' } as never], initial: {}, templates: zh });
    expect(s.prompt).toBe(zh.background);
    s = play(s, { type: 'open', source: upload() }, { type: 'chooseKind', kind: 'style' });
    expect(s.prompt).toBe(zh.style);
  });

  it('masks only the masked kinds, and not while extending the canvas', () => {
    let s = play(fresh(), { type: 'open', source: upload() }, { type: 'chooseKind', kind: 'local' });
    expect(isMasking(s)).toBe(true);
    s = play(s, { type: 'extend', template: 'Extend the scene' });
    expect(s.extension).toMatchObject({ anchor: 'center' });
    expect(s.extension!.width / s.extension!.height).toBeCloseTo(16 / 9, 1);
    expect(s.prompt).toBe('Extend the scene');
    expect(isMasking(s)).toBe(false);
    s = play(s, { type: 'stopExtending' });
    expect(s.extension).toBeNull();
    expect(s.prompt).toBe(PROMPT_TEMPLATES.local);
  });

  it('runs: a result lands only on the run still awaited, and the upload is then sent by its stored id', () => {
    let s = play(fresh(), { type: 'open', source: upload() }, { type: 'run', requestId: 'a', startedAt: 1 });
    expect(s.run).toEqual({ status: 'running', requestId: 'a', startedAt: 1 });
    expect(play(s, { type: 'result', requestId: 'old', outcome: outcome('g0') }).run.status).toBe('running');
    s = play(s, { type: 'result', requestId: 'a', outcome: outcome('g1') });
    expect(s.run.status).toBe('done');
    expect(s.source).toMatchObject({ kind: 'asset', assetId: 'stored-original', name: 'photo.png', url: 'blob:photo' });
    expect(shownResult(s)?.generationId).toBe('g1');
    expect(versionOf(s)).toBe('g1');
    expect(shownResult(play(s, { type: 'toggleResult' }))).toBeNull();
  });

  it('a new picture or a cancel leaves a late answer unheard', () => {
    const running = play(fresh(), { type: 'open', source: upload() }, { type: 'run', requestId: 'a', startedAt: 1 });
    const cancelled = play(running, { type: 'cancel' }, { type: 'fail', requestId: 'a', message: 'late' });
    expect(cancelled.run).toEqual({ status: 'cancelled' });
    const reopened = play(running, { type: 'open', source: upload() }, { type: 'result', requestId: 'a', outcome: outcome('g1') });
    expect(reopened.run).toEqual({ status: 'idle' });
    expect(play(running, { type: 'fail', requestId: 'a', message: 'upstream said no' }).run).toEqual({ status: 'error', message: 'upstream said no' });
  });

  it('continues from a result: the result is the picture, the next edit its step, the mask clean', () => {
    const done = play(
      fresh(),
      { type: 'open', source: upload() },
      stroke,
      { type: 'run', requestId: 'a', startedAt: 1 },
      { type: 'result', requestId: 'a', outcome: outcome('g1') },
    );
    const s = play(
      done,
      { type: 'loading' },
      { type: 'compare', comparison: { before: 'x', after: 'y', label: 'x / y' } },
      { type: 'continue', source: asset('result-of-g1'), from: 'g1' },
    );
    expect(s).toMatchObject({ loading: false, parentId: 'g1', comparing: null, extension: null, run: { status: 'idle' } });
    expect(s.mask.present.ops).toEqual([]);
    expect(versionOf(s)).toBe('g1');
  });

  it('arrives with a reopened edit as the run it was', () => {
    const edit = {
      id: 'g7',
      kind: 'style',
      prompt: 'ink',
      model: null,
      status: 'succeeded',
      originalAssetId: 'o',
      resultAssetId: 'r',
      maskAssetId: null,
      canvas: null,
      cost: null,
      revisedPrompt: null,
      errorMessage: null,
    } as EditRecord;
    const start = startSession({ models: [], initial: { edit } });
    expect(start).toMatchObject({ loading: true, kind: 'style', prompt: 'ink', promptEdited: true, parentId: 'g7', model: '' });
    const s = play(start, { type: 'arrive', source: asset('o'), edit });
    expect(s.loading).toBe(false);
    expect(s.run).toMatchObject({ status: 'done', outcome: { generationId: 'g7', resultAssetId: 'r', cost: { amount: '0', currency: 'CNY' } } });
    const failed = { ...edit, resultAssetId: null, status: 'failed', errorMessage: 'refused' };
    expect(play(start, { type: 'arrive', source: asset('o'), edit: failed }).run).toEqual({ status: 'error', message: 'refused' });
  });

  it("the header's size is the result's own, as decoded: an upscale's, an outpainting's canvas before it is decoded", () => {
    const ran = play(
      fresh(),
      { type: 'chooseKind', kind: 'upscale' },
      { type: 'open', source: upload(1600, 1067) },
      { type: 'run', requestId: 'a', startedAt: 1 },
    );
    let s = play(ran, { type: 'result', requestId: 'a', outcome: outcome('g1') });
    expect(shownResultSize(s)).toBeNull(); // not decoded yet: no size rather than the picture's
    // A late decode of another image changes nothing; the result's own sets the size.
    s = play(s, { type: 'measureResult', size: { assetId: 'result-of-g0', width: 10, height: 10 } });
    expect(shownResultSize(s)).toBeNull();
    s = play(s, { type: 'measureResult', size: { assetId: 'result-of-g1', width: 3200, height: 2134 } });
    expect(shownResultSize(s)).toEqual({ assetId: 'result-of-g1', width: 3200, height: 2134 });
    // Back on the picture, no result size is shown; the result again, it is.
    expect(shownResultSize(play(s, { type: 'toggleResult' }))).toBeNull();
    expect(shownResultSize(play(s, { type: 'toggleResult' }, { type: 'toggleResult' }))).toMatchObject({ width: 3200, height: 2134 });
    // An outpainting's result has the canvas's size before its image is decoded.
    const canvas = { width: 1600, height: 1600, left: 0, top: 266 };
    const extended = play(ran, { type: 'result', requestId: 'a', outcome: { ...outcome('g2'), canvas } });
    expect(shownResultSize(extended)).toEqual({ width: 1600, height: 1600 });
  });

  it('an imported mask replaces the mask in one undo step and clears a complaint; the brush steps within its bounds', () => {
    let s = play(fresh(), { type: 'open', source: upload(100, 100) }, { type: 'refuse', message: 'not a PNG' });
    expect(s.inputError).toBe('not a PNG');
    s = play(s, { type: 'importMask', region: { width: 100, height: 100, data: new Uint8Array(100 * 100).fill(255) } });
    expect(s.inputError).toBeNull();
    expect(s.mask.past).toHaveLength(1);
    s = play(s, { type: 'brush', direction: -1 }, { type: 'brush', direction: -1 }, { type: 'brush', direction: -1 });
    expect(s.tools.size).toBe(5);
    s = Array.from({ length: 30 }).reduce<EditSession>((t) => editSession(t, { type: 'brush', direction: 1 }), s);
    expect(s.tools.size).toBe(64);
  });

  it('asks for 1 to 4 variants or an edit board of 2 to 4 models, never both', () => {
    let s = play(fresh(), { type: 'open', source: upload() }, { type: 'chooseVariants', n: 3 });
    expect(s.variants).toBe(3);
    expect(play(s, { type: 'chooseVariants', n: 9 }).variants).toBe(4);
    // Variants on: the board stays off; back to one result, it turns on from the models given.
    expect(play(s, { type: 'compareModels', models: ['atelier-edit', 'atelier-edit-hd'] }).board).toBeNull();
    s = play(s, { type: 'chooseVariants', n: 1 }, { type: 'compareModels', models: ['atelier-edit', 'atelier-edit-hd'] });
    expect(s.board).toEqual(['atelier-edit', 'atelier-edit-hd']);
    // Board on: variants stay at 1; a fifth model is not taken; one unticked leaves the board.
    expect(play(s, { type: 'chooseVariants', n: 2 }).variants).toBe(1);
    s = play(s, ...['atelier-edit-fast', 'atelier-edit-fill', 'atelier-edit-x'].map((model): SessionAction => ({ type: 'toggleBoardModel', model })));
    expect(s.board).toEqual(['atelier-edit', 'atelier-edit-hd', 'atelier-edit-fast', 'atelier-edit-fill']);
    s = play(s, { type: 'toggleBoardModel', model: 'atelier-edit' });
    expect(s.board).toEqual(['atelier-edit-hd', 'atelier-edit-fast', 'atelier-edit-fill']);
    // Off again: the board's first model is the one model.
    s = play(s, { type: 'oneModel' });
    expect([s.board, s.model]).toEqual([null, 'atelier-edit-hd']);
  });

  it('sends variants or a board as the form says, and holds a board of fewer than 2 models back', async () => {
    const ready = play(fresh(), { type: 'chooseKind', kind: 'style' }, { type: 'open', source: asset('a1') });
    const fields = async (s: EditSession) => Object.fromEntries([...(await editForm(s, s.source!)).entries()].filter(([, v]) => typeof v === 'string'));
    expect(await fields(play(ready, { type: 'chooseVariants', n: 3 }))).toMatchObject({ model: 'atelier-edit', variants: '3', assetId: 'a1' });
    const one = await fields(ready);
    expect(one.variants).toBeUndefined();
    const board = play(ready, { type: 'compareModels', models: ['atelier-edit', 'atelier-edit-hd'] }, { type: 'toggleBoardModel', model: 'atelier-edit-fill' });
    const sent = await fields(board);
    expect(sent).toMatchObject({ models: 'atelier-edit,atelier-edit-hd,atelier-edit-fill' });
    expect([sent.model, sent.variants]).toEqual([undefined, undefined]);
    expect(blockedBy(board, true, editEn)).toBeNull();
    expect(
      blockedBy(play(board, { type: 'toggleBoardModel', model: 'atelier-edit' }, { type: 'toggleBoardModel', model: 'atelier-edit-hd' }), true, editEn),
    ).toBe(editEn.form.needModels);
  });

  it('shows a variant in the before/after, picks one ("use this one") and continues from it', () => {
    const ran = play(fresh(), { type: 'open', source: upload() }, { type: 'chooseVariants', n: 3 }, { type: 'run', requestId: 'a', startedAt: 1 });
    let s = play(ran, { type: 'result', requestId: 'a', outcome: variants('g1') });
    // The one the run continues from is on show first.
    expect([shownItem(s)?.outputId, shownAssetId(s)]).toEqual(['v1', 'file-v1']);
    s = play(s, { type: 'view', outputId: 'v3' });
    expect([shownItem(s)?.outputId, shownAssetId(s)]).toEqual(['v3', 'file-v3']);
    // A failed variant or another run's output is not shown.
    expect(play(s, { type: 'view', outputId: 'v2' }).viewing).toBe('v3');
    expect(play(s, { type: 'view', outputId: 'elsewhere' }).viewing).toBe('v3');
    // The size read is the shown variant's; another's decode is dropped.
    expect(play(s, { type: 'measureResult', size: { assetId: 'file-v1', width: 9, height: 9 } }).resultSize).toBeNull();
    expect(play(s, { type: 'measureResult', size: { assetId: 'file-v3', width: 640, height: 480 } }).resultSize).toMatchObject({ width: 640 });
    // Back on the picture the viewed variant is still the one the panel speaks of.
    expect([shownItem(play(s, { type: 'toggleResult' })), viewedItem(play(s, { type: 'toggleResult' }))?.outputId]).toEqual([null, 'v3']);
    s = play(s, { type: 'toggleHeatmap' }, { type: 'pick', outputId: 'v3', resultAssetId: 'file-v3' });
    expect(s.run).toMatchObject({ status: 'done', outcome: { pickedOutputId: 'v3', resultAssetId: 'file-v3' } });
    expect(play(s, { type: 'pick', outputId: 'v2', resultAssetId: 'x' })).toBe(s);
    s = play(s, { type: 'loading' }, { type: 'continue', source: asset('file-v3'), from: 'g1' });
    expect(s).toMatchObject({ parentId: 'g1', viewing: null, heatmap: false, run: { status: 'idle' }, source: { assetId: 'file-v3' } });
    // A new run shows its own first result, not the old run's choice.
    s = play(s, { type: 'view', outputId: 'v3' }, { type: 'run', requestId: 'b', startedAt: 2 }, { type: 'result', requestId: 'b', outcome: variants('g2') });
    expect(shownItem(s)?.outputId).toBe('v1');
  });

  it('reopens a run of several as it ran: its results, its pick, and a form that asks the same', () => {
    const results = [item('b1', 'atelier-edit'), item('b2', 'atelier-edit-hd'), item('b3', 'atelier-edit-fill', 'failed')];
    const edit = {
      id: 'g9',
      kind: 'remove',
      prompt: 'remove it',
      model: 'atelier-edit',
      status: 'completed',
      originalAssetId: 'o',
      maskAssetId: 'm',
    } as EditRecord;
    const board = { ...edit, mode: 'board', results, pickedOutputId: 'b2', resultAssetId: 'file-b2', canvas: null, cost: '0.3' } as EditRecord;
    let s = play(startSession({ models: [], initial: { edit: board } }), { type: 'arrive', source: asset('o'), edit: board });
    expect([s.board, s.variants]).toEqual([['atelier-edit', 'atelier-edit-hd', 'atelier-edit-fill'], 1]);
    expect(s.run).toMatchObject({ status: 'done', outcome: { mode: 'board', pickedOutputId: 'b2', resultAssetId: 'file-b2', results } });
    expect(shownItem(s)?.outputId).toBe('b2');
    const three = { ...edit, mode: 'variants', results: [item('v1'), item('v2'), item('v3')], pickedOutputId: null, resultAssetId: 'file-v1' } as EditRecord;
    s = startSession({ models: [], initial: { edit: three } });
    expect([s.board, s.variants]).toEqual([null, 3]);
  });
});
