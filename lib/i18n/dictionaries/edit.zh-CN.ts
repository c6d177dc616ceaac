import type { EditDictionary } from './edit.en';

/** 编辑功能的简体中文文案。 */
export const editZhCN: EditDictionary = {
  title: '编辑',
};
