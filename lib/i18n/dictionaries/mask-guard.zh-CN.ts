import type { MaskGuardDictionary } from './mask-guard.en';

/** 蒙版守护的简体中文文案（与 mask-guard.en.ts 一一对应）。 */
export const maskGuardZhCN: MaskGuardDictionary = {
  changed: '蒙版外：{percent} 像素被改动',
  changedRestored: '蒙版外：{percent} 像素被改动 — 已还原',
  heatmap: '模型改动蒙版外像素的位置：越红，改动越多',
  raw: '模型的原始结果（未还原）',
  rawHint: '模型返回的原样结果，蒙版外的像素尚未放回。',
  fit: {
    stretched: '模型返回的尺寸为 {size}，已拉伸回原图尺寸。',
    padded: '模型返回的尺寸为 {size}，已等比放入原图尺寸，其余部分保留原图。',
  },
};
