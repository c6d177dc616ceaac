import { describe, expect, it } from 'vitest';
import { MaskRequiredError, inferEditKind } from './edit-kind';

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

  it('asks for a mask when a removal comes without one', () => {
    expect(() => inferEditKind('remove the car', false)).toThrow(MaskRequiredError);
    expect(() => inferEditKind('去除汽车', false)).toThrow(MaskRequiredError);
  });
});
