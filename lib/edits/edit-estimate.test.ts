import { describe, expect, it } from 'vitest';
import { estimateEdit } from './edit-estimate';

// The price tiers of packages/reference-service/catalog.json, as the model list carries them.
const models = [
  { id: 'atelier-edit', hd: false, price: { per_edit: { 1024: 0.1, 2048: 0.15, 4096: 0.3 } } },
  { id: 'atelier-edit-hd', hd: true, price: { per_edit: { 1024: 0.2, 2048: 0.3, 4096: 0.6 } } },
  { id: 'atelier-edit-fill', hd: true, price: { per_edit: { 1024: 0.35, 4096: 0.9 } } },
  { id: 'unpriced', hd: false },
];

describe("the studio's estimate of a run", () => {
  it('multiplies one model by its variants, at the tier of the output’s longer side', () => {
    expect(estimateEdit(models, ['atelier-edit'], '1600x1067', 3)).toEqual({ total: '0.45', each: '0.15', unknown: [] });
    expect(estimateEdit(models, ['atelier-edit'], '640x480', 1)).toEqual({ total: '0.1', each: '0.1', unknown: [] });
  });

  it('adds up a board, one request a model, and names a model it cannot price', () => {
    expect(estimateEdit(models, ['atelier-edit', 'atelier-edit-hd', 'atelier-edit-fill'], '1600x1067', 1)).toEqual({ total: '1.35', each: null, unknown: [] });
    expect(estimateEdit(models, ['atelier-edit-hd', 'unpriced'], '800x800', 1)).toEqual({ total: '0.2', each: null, unknown: ['unpriced'] });
    expect(estimateEdit(models, ['unpriced'], '800x800', 2).total).toBeNull();
  });
});
