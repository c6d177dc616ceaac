import { describe, expect, it } from 'vitest';
import { en } from './dictionaries/en';
import { zhCN } from './dictionaries/zh-CN';
import { format, resolveLocale } from './index';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('i18n', () => {
  it('has every English string in Chinese, non-empty', () => {
    expect(keys(zhCN).sort()).toEqual(keys(en).sort());
    for (const k of keys(zhCN)) expect(k.split('.').reduce((o: any, p) => o[p], zhCN)).not.toBe('');
  });

  it('fills placeholders, and picks the word that agrees with a count', () => {
    expect(format('Join {team}', { team: 'Ink' })).toBe('Join Ink');
    expect(format('{n} {n|video|videos}', { n: 1 })).toBe('1 video');
    expect(format('{n} {n|video|videos}', { n: 0 })).toBe('0 videos');
    expect(format('{n} {n|video|videos}', { n: '2,000' })).toBe('2,000 videos');
    expect(format('{missing|a|b} {n}', { n: 2 })).toBe('{missing|a|b} 2');
  });

  it('says every English count with the word that agrees with it (no "1 videos")', () => {
    // A count beside a plural noun ("{n} videos") must choose the noun by the count: {n|video|videos}.
    const english = keys(en).map((k) => [k, k.split('.').reduce((o: any, p) => o[p], en) as string] as const);
    const bare = english.filter(
      ([, text]) =>
        typeof text === 'string' &&
        /\{\w+\} (videos|calls|charges|results|attempts|members|models|images|items|keys|days|files|boards|edits|versions|runs|collections|links|characters|invites)\b/.test(
          text,
        ),
    );
    expect(bare).toEqual([]);
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
