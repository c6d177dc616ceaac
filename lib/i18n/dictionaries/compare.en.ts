import type { Widen } from './widen';

/** English strings of the compare feature (lib/i18n/dictionaries/compare.zh-CN.ts mirrors them). */
export const compareEn = {
  title: 'Compare',
} as const;

export type CompareDictionary = Widen<typeof compareEn>;
