import { describe, expect, it } from 'vitest';
import { en } from './dictionaries/en';
import { zhCN } from './dictionaries/zh-CN';
import { resolveLocale } from './index';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('i18n', () => {
  it('has every English string in Chinese, non-empty', () => {
    expect(keys(zhCN).sort()).toEqual(keys(en).sort());
    for (const k of keys(zhCN)) expect(k.split('.').reduce((o: any, p) => o[p], zhCN)).not.toBe('');
  });

  it.each([
    [undefined, 'en-US,en;q=0.9', 'en'],
    [undefined, 'zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    [undefined, 'zh-TW', 'zh-CN'],
    [undefined, 'fr-FR,en;q=0.5', 'en'],
    [undefined, 'en;q=0.3,zh;q=0.8', 'zh-CN'],
    [undefined, null, 'zh-CN'],
    ['en', 'zh-CN', 'en'],
    ['zh-CN', 'en', 'zh-CN'],
    ['xx', 'en', 'en'],
  ] as const)('cookie %s, Accept-Language %s -> %s', (cookie, header, locale) => {
    expect(resolveLocale(cookie, header)).toBe(locale);
  });
});
