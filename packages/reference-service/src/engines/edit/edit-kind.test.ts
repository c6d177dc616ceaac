import { describe, expect, it } from 'vitest';
import { MaskRequiredError, asksForCutout, inferEditKind } from './edit-kind';

describe('inferEditKind (decisions.md row 9)', () => {
  it.each([
    ['replace the background with a beach', false, 'background'],
    ['把背景换成海滩', false, 'background'],
    ['convert to an anime style', false, 'style'],
    ['油画风格', false, 'style'],
    ['upscale 4x', false, 'upscale'],
    ['enhance the details', false, 'upscale'],
    ['变高清', false, 'upscale'],
    ['add a rainbow', false, 'add'],
    ['添加一只猫', false, 'add'],
    ['add a sun to the background', false, 'add'],
    ['the background needs an added moon', false, 'background'],
    ['make it dreamy', false, 'style'],
    ['make it red', true, 'local'],
    ['replace the background', true, 'local'],
    ['remove the person', true, 'remove'],
    ['erase this', true, 'remove'],
    ['去除路人', true, 'remove'],
    ['删除电线', true, 'remove'],
  ])('%s (mask: %s) -> %s', (prompt, mask, kind) => {
    expect(inferEditKind(prompt, mask)).toBe(kind);
  });

  it.each([
    'remove the background',
    'Remove background',
    'erase the busy background.',
    'get rid of the white background',
    'transparent background',
    'make the background transparent',
    'a cutout of the cat',
    'cut out the subject',
    '抠图',
    '帮我抠出这只猫',
    '去掉背景',
    '把背景去掉',
    '去除背景',
    '透明背景',
    '背景变透明',
    '背景改成透明',
  ])('%s (no mask) is a cut-out: background with transparency', (prompt) => {
    expect(asksForCutout(prompt)).toBe(true);
    expect(inferEditKind(prompt, false)).toBe('background');
  });

  it.each([
    'remove the background and put a beach there',
    'remove the background, replace it with a forest',
    'replace the background with a beach',
    'remove the car from the road',
    'add a transparent glass ball',
  ])('%s is not a cut-out', (prompt) => {
    expect(asksForCutout(prompt)).toBe(false);
  });

  it.each(['去掉背景，换成雪山', 'remove the background and put a beach there'])('%s replaces the background', (prompt) => {
    expect(inferEditKind(prompt, false)).toBe('background');
  });

  it('asks for a mask when a removal comes without one', () => {
    expect(() => inferEditKind('remove the car', false)).toThrow(MaskRequiredError);
    expect(() => inferEditKind('去除汽车', false)).toThrow(MaskRequiredError);
  });
});
