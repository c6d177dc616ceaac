import type { Widen } from './widen';

/**
 * English words of the mask guard's finding (lib/edits/mask-guard-label.ts puts them together), for
 * every place that shows it: the studio, the library, the dashboard, Settings → Team.
 */
export const maskGuardEn = {
  /** `{percent}` of the pixels outside the mask that the model changed, e.g. 12.4%. */
  changed: 'Outside the mask: {percent} changed',
  changedRestored: 'Outside the mask: {percent} changed — restored',
  heatmap: 'Where the model changed pixels outside the mask: the redder, the more',
  raw: 'Model’s own answer (unrestored)',
  rawHint: 'What the model sent, before the pixels outside the mask were put back.',
  fit: {
    stretched: 'The model answered at {size}; it was stretched back to the original’s size.',
    padded: 'The model answered at {size}; it was fitted into the original’s size, the rest kept from the original.',
  },
};

export type MaskGuardDictionary = Widen<typeof maskGuardEn>;
