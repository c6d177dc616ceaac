import type { Widen } from './widen';

/** English strings of the edit feature (lib/i18n/dictionaries/edit.zh-CN.ts mirrors them). */
export const editEn = {
  title: 'Edit',
} as const;

export type EditDictionary = Widen<typeof editEn>;
