import { describe, expect, it } from 'vitest';
import type { Shared } from './resolve-public';
import { sharedBaseName, sharedFileName, sharedFiles, sharedManifest } from './shared-files';
import { hideCollection, hideResult, type ShareShow } from './shown';

const ALL: ShareShow = { prompt: true, model: true, size: true };
const NONE: ShareShow = { prompt: false, model: false, size: false };

const board = {
  kind: 'comparison' as const,
  prompt: 'A red lighthouse at dusk',
  models: ['atelier-vista', 'atelier-mosaic', 'atelier-ink'],
  size: '1024x1024',
  columns: [
    { model: 'atelier-vista', revisedPrompt: 'a lighthouse, red', images: ['a1', 'a2'] },
    { model: 'atelier-mosaic', revisedPrompt: null, images: ['b1'] },
    { model: 'atelier-ink', revisedPrompt: null, images: [] },
  ],
};
const edit = {
  kind: 'edit' as const,
  prompt: 'Flowers in the window',
  models: ['atelier-edit', 'atelier-edit-hd'],
  editKind: 'local' as const,
  width: 640,
  height: 480,
  originalAssetId: 'orig',
  resultAssetId: 'r2',
  revisedPrompt: null,
  results: [
    { model: 'atelier-edit', assetId: 'r1' },
    { model: 'atelier-edit-hd', assetId: 'r2' },
  ],
};
const collection = {
  name: '灯塔 Lighthouses',
  total: 2,
  items: [
    { assetId: 'c1', video: false, prompt: '海边的灯塔', model: 'atelier-vista', width: 1024, height: 1024, size: '1024x1024' },
    { assetId: 'c2', video: true, prompt: 'A paper boat', model: 'atelier-motion', width: null, height: null, size: '720p · 16:9' },
  ],
};

const result = (r: typeof board | typeof edit, show: ShareShow): Shared => ({ kind: 'result', result: hideResult(r, show), show });
const shown = (show: ShareShow): Shared => ({ kind: 'collection', collection: hideCollection(collection, show), show });
const named = (shared: Shared) => sharedFiles(shared).map((file, i) => ({ file, name: sharedFileName(file, i, file.video ? 'video/mp4' : 'image/png') }));

describe('sharedFiles', () => {
  it('lists a board’s images column by column, a failed model none', () => {
    expect(sharedFiles(result(board, ALL)).map((f) => [f.assetId, f.model, f.size])).toEqual([
      ['a1', 'atelier-vista', '1024x1024'],
      ['a2', 'atelier-vista', '1024x1024'],
      ['b1', 'atelier-mosaic', '1024x1024'],
    ]);
  });

  it('lists an edit’s original, then each result of its run; the mask is never among them', () => {
    const files = sharedFiles(result(edit, ALL));
    expect(files.map((f) => [f.assetId, f.role, f.model])).toEqual([
      ['orig', 'original', null],
      ['r1', 'result', 'atelier-edit'],
      ['r2', 'result', 'atelier-edit-hd'],
    ]);
    expect(files.map((f, i) => sharedFileName(f, i, 'image/png'))).toEqual(['01-original.png', '02-atelier-edit.png', '03-atelier-edit-hd.png']);
  });

  it('gives a collection’s board image the size its board asked for (its file stores none)', () => {
    const board = { ...collection.items[0], width: null, height: null };
    const shared: Shared = { kind: 'collection', collection: { ...collection, items: [board] }, show: NONE };
    expect(sharedFiles(shared)[0]).toMatchObject({ width: 1024, height: 1024, size: null });
  });

  it('leaves out of the page’s data what the link hides', () => {
    const hidden = result(board, NONE);
    expect(JSON.stringify(hidden)).not.toMatch(/lighthouse|atelier-/i);
    expect(sharedFiles(hidden).map((f) => [f.prompt, f.model, f.size])).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    const items = shown(NONE);
    expect(items.kind === 'collection' && JSON.stringify(items.collection.items)).not.toMatch(/灯塔|boat|atelier-/);
  });
});

describe('sharedManifest', () => {
  it('says each file’s prompt, model and size when the link shows them', () => {
    const shared = shown(ALL);
    expect(sharedManifest(shared, named(shared))).toEqual({
      kind: 'collection',
      name: '灯塔 Lighthouses',
      files: [
        { file: '01-atelier-vista.png', prompt: '海边的灯塔', model: 'atelier-vista', size: '1024x1024' },
        { file: '02-atelier-motion.mp4', prompt: 'A paper boat', model: 'atelier-motion', size: '720p · 16:9' },
      ],
    });
    expect(sharedBaseName(shared)).toBe('灯塔-lighthouses');
  });

  it('leaves out each of them the link hides, one at a time', () => {
    const only = (show: Partial<ShareShow>) => {
      const shared = shown({ ...NONE, ...show });
      return sharedManifest(shared, named(shared)).files[0];
    };
    expect(only({})).toEqual({ file: '01.png' });
    expect(only({ prompt: true })).toEqual({ file: '01.png', prompt: '海边的灯塔' });
    expect(only({ model: true })).toEqual({ file: '01-atelier-vista.png', model: 'atelier-vista' });
    expect(only({ size: true })).toEqual({ file: '01.png', size: '1024x1024' });
  });

  it('gives a result’s prompt once, and a hidden one not at all', () => {
    const open = result(board, ALL);
    expect(sharedManifest(open, named(open))).toMatchObject({ kind: 'comparison', prompt: 'A red lighthouse at dusk' });
    const closed = result(board, { ...ALL, prompt: false });
    expect(sharedManifest(closed, named(closed))).not.toHaveProperty('prompt');
    expect(sharedBaseName(closed)).toBe('atelier-share');
  });
});
