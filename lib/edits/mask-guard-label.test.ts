import { describe, expect, it } from 'vitest';
import { en } from '../i18n/dictionaries/en';
import { zhCN } from '../i18n/dictionaries/zh-CN';
import { maskGuardFit, maskGuardLabel, maskPercent } from './mask-guard-label';

describe('the mask guard in words', () => {
  it('says the share changed outside the mask with one decimal, and whether it was restored, in both languages', () => {
    expect(maskGuardLabel({ changedFraction: 0, restored: false }, en, 'en')).toBe('Outside the mask: 0.0% changed');
    expect(maskGuardLabel({ changedFraction: 0.1237, restored: true }, en, 'en')).toBe('Outside the mask: 12.4% changed — restored');
    expect(maskGuardLabel({ changedFraction: 0, restored: false }, zhCN, 'zh-CN')).toBe('蒙版外：0.0% 像素被改动');
    expect(maskGuardLabel({ changedFraction: 0.1237, restored: true }, zhCN, 'zh-CN')).toBe('蒙版外：12.4% 像素被改动 — 已还原');
    expect(maskPercent(1, 'en')).toBe('100.0%');
  });

  it('names the size the model answered at only when it was not the original’s', () => {
    expect(maskGuardFit({ fit: 'exact', answeredAt: null }, en)).toBeNull();
    expect(maskGuardFit({ fit: 'stretched', answeredAt: { width: 1024, height: 1024 } }, en)).toBe(
      'The model answered at 1024×1024; it was stretched back to the original’s size.',
    );
    expect(maskGuardFit({ fit: 'padded', answeredAt: { width: 512, height: 256 } }, zhCN)).toContain('512×256');
  });
});
