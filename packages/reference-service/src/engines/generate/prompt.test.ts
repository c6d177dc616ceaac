import { describe, expect, it } from 'vitest';
import { analyzePrompt } from './prompt';

const redness = (c: number[]) => c[0] - c[2];

describe('analyzePrompt', () => {
  it('reads English colours in order, with time, subjects and mood', () => {
    const s = analyzePrompt('A blue boat and a red lighthouse on the sea at sunset, cyberpunk neon');
    expect(s.colorNames).toEqual(['blue', 'red']);
    expect(s.colors).toHaveLength(2);
    expect(redness(s.colors[1])).toBeGreaterThan(100);
    expect(s.time).toBe('dusk');
    expect(s.subjects).toEqual(expect.arrayContaining(['boat', 'sea', 'sun']));
    expect(s.mood).toBe('neon');
    expect(s.wantsTransparency).toBe(false);
    expect(s.palette).toHaveLength(5);
    expect(s.palette[0]).toEqual(s.colors[0]);
    expect(s.words).toContain('lighthouse');
  });

  it('binds a colour to the subject right after it', () => {
    const s = analyzePrompt('a red cat under a moonlit sky');
    expect(s.subjectColors.cat).toEqual(s.colors[0]);
    expect(s.time).toBe('night');
  });

  it('matches Chinese keywords as substrings, longest first', () => {
    const s = analyzePrompt('黄昏时分的海边，一只白色的小猫和粉红色的花');
    expect(s.time).toBe('dusk');
    // 黄昏 is dusk, not yellow; 粉红 is pink, not red.
    expect(s.colorNames).toEqual(['white', 'pink']);
    expect(s.subjects).toEqual(expect.arrayContaining(['beach', 'sea', 'cat', 'flower']));
    expect(s.subjectColors.cat).toEqual(s.colors[0]);
  });

  it('maps Chinese time, mood and transparency words', () => {
    expect(analyzePrompt('日出时的雪山').time).toBe('dawn');
    expect(analyzePrompt('星空下的城市').time).toBe('night');
    expect(analyzePrompt('夕阳').time).toBe('dusk');
    expect(analyzePrompt('赛博朋克城市').mood).toBe('neon');
    expect(analyzePrompt('一个透明背景的猫咪贴纸').wantsTransparency).toBe(true);
    expect(analyzePrompt('公司图标，蓝色').wantsTransparency).toBe(true);
  });

  it('handles mixed-language prompts with no spaces between scripts', () => {
    const s = analyzePrompt('cat红色house at night');
    expect(s.words).toEqual(['cat', '红色', 'house', 'at', 'night']);
    expect(s.colorNames).toEqual(['red']);
    expect(s.subjects).toEqual(['cat', 'house']);
    expect(s.time).toBe('night');
  });

  it('understands English plurals, shades and cut-out requests', () => {
    const s = analyzePrompt('light blue hearts and balloons, sticker with no background');
    expect(s.subjects).toEqual(['heart', 'balloon']);
    expect(s.colors[0][2]).toBeGreaterThan(220);
    expect(s.wantsTransparency).toBe(true);
    expect(analyzePrompt('a company logo').wantsTransparency).toBe(true);
  });

  it('gives a full default spec for empty and unrecognised prompts', () => {
    for (const p of ['', '   ', '🙂🚀✨', 'مرحبا بالعالم', '\u0000\uffff\ud800']) {
      const s = analyzePrompt(p);
      expect(s.colors).toEqual([]);
      expect(s.subjects).toEqual([]);
      expect(s.time).toBe('day');
      expect(s.mood).toBe('neutral');
      expect(s.palette).toHaveLength(5);
      for (const c of s.palette) for (const v of c) expect(v).toBeGreaterThanOrEqual(0);
    }
    expect(analyzePrompt('مرحبا').words).toEqual(['مرحبا']);
  });

  it('is fast and safe on very long prompts', () => {
    const english = 'a sunny beach with palm trees and a red boat '.repeat(2300); // ~100k chars
    const chinese = '夕阳下金色的沙漠和一只小猫'.repeat(8000);
    const started = performance.now();
    const a = analyzePrompt(english);
    const b = analyzePrompt(chinese);
    const c = analyzePrompt(english.slice(0, 32_000));
    expect(performance.now() - started).toBeLessThan(1500);
    expect(a.subjects).toEqual(expect.arrayContaining(['beach', 'tree', 'boat']));
    expect(b.subjects).toEqual(expect.arrayContaining(['desert', 'cat']));
    expect(c.colorNames).toEqual(['red']);
  });
});
