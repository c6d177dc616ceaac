import { describe, expect, it } from 'vitest';
import { asksForCutout, CUTOUT_TEMPLATE, EDIT_KINDS, inferEditKind, needsMask, PROMPT_TEMPLATES, promptFitsKind, promptTemplates, sizeOptions } from './kinds';
import { inputProblem } from './limits';

describe('edit kinds', () => {
  it('has a template the service reads as its own kind', () => {
    for (const kind of EDIT_KINDS) expect(promptFitsKind(kind, PROMPT_TEMPLATES[kind]), kind).toBe(true);
    expect(promptFitsKind('background', '把背景换成海滩')).toBe(true);
    expect(promptFitsKind('local', '删除这个杯子')).toBe(false);
    expect(promptFitsKind('remove', '删除这个杯子')).toBe(true);
    expect(promptFitsKind('style', 'make it look like a sketch')).toBe(true);
    expect(promptFitsKind('background', CUTOUT_TEMPLATE) && asksForCutout(CUTOUT_TEMPLATE)).toBe(true);
    for (const words of ['remove the background', '抠图', '去掉背景', '透明背景']) expect(promptFitsKind('background', words), words).toBe(true);
  });

  it('has Chinese templates for Chinese readers, which the service reads as the same kinds', () => {
    const zh = promptTemplates('zh-CN');
    for (const kind of EDIT_KINDS) {
      expect(zh.kinds[kind], kind).toMatch(/[\u4e00-\u9fff]/);
      expect(promptFitsKind(kind, zh.kinds[kind]), kind).toBe(true);
      expect(inferEditKind(zh.kinds[kind], needsMask(kind)), kind).toBe(kind);
    }
    expect(promptFitsKind('background', zh.cutout) && asksForCutout(zh.cutout)).toBe(true);
    expect(promptTemplates('en')).toEqual({ kinds: PROMPT_TEMPLATES, cutout: CUTOUT_TEMPLATE });
  });

  it('reads an API caller’s prompt and mask as the service would, kind by kind', () => {
    for (const kind of EDIT_KINDS) expect(inferEditKind(PROMPT_TEMPLATES[kind], needsMask(kind)), kind).toBe(kind);
    expect(inferEditKind('remove the background', false)).toBe('background');
    expect(inferEditKind('去掉背景，换成雪山', false)).toBe('background');
    expect(inferEditKind('删除这个杯子', true)).toBe('remove');
    expect(inferEditKind('删除这个杯子', false)).toBe('remove'); // refused for want of a mask
    expect(inferEditKind('make it look like a sketch', false)).toBe('style');
    expect(inferEditKind('a bouquet of flowers here', true)).toBe('local');
  });

  it('offers the original size, and twice it capped at 4096 for upscaling', () => {
    expect(sizeOptions('style', 640, 480)).toEqual(['640x480']);
    expect(sizeOptions('upscale', 640, 480)).toEqual(['1280x960', '640x480']);
    expect(sizeOptions('upscale', 3000, 1500)).toEqual(['4096x2048', '3000x1500']);
    expect(sizeOptions('upscale', 4096, 100)).toEqual(['4096x100']);
  });

  it('checks type, bytes and sides', () => {
    expect(inputProblem({ type: 'image/gif', bytes: 10 })).toBe('type');
    expect(inputProblem({ type: 'image/png', bytes: 21 * 1024 * 1024 })).toBe('bytes');
    expect(inputProblem({ type: 'image/webp', bytes: 10, width: 4097, height: 10 })).toBe('side');
    expect(inputProblem({ type: 'image/jpeg', bytes: 10, width: 4096, height: 4096 })).toBeNull();
  });
});
