import type { CompareDictionary } from './compare.en';

/** 对比功能的简体中文文案。 */
export const compareZhCN: CompareDictionary = {
  title: '对比',
};
