import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../upstream';
import { estimateBoard } from './board';
import { priceTable } from './estimates';
import { observedPrice } from './observed';

const vista: ModelInfo = { id: 'atelier-vista', kind: 'image', price: { per_image: { '1024x1024': 0.08, '2048x2048': 0.16, '4096x4096': 0.48 } } };
const bare: ModelInfo = { id: 'other', kind: 'image' };

describe('estimated cost of a board', () => {
  it('multiplies the list price by n per model, exactly', () => {
    const table = priceTable([vista], []);
    expect(estimateBoard(table, ['atelier-vista'], '4096x4096', 3)).toEqual({
      total: '1.44',
      perModel: [{ model: 'atelier-vista', amount: '1.44', source: 'price' }],
      unknown: [],
    });
  });

  it('raises a list price to the most the ledger saw per image for the same model and size, never lowers it', () => {
    const observations = [
      { model: 'atelier-vista', size: '2048x2048', n: 2, amount: '0.4' },
      { model: 'atelier-vista', size: '2048x2048', n: 1, amount: '0.18' },
      { model: 'atelier-vista', size: '1024x1024', n: 1, amount: '0.01' },
    ];
    expect(observedPrice(observations, 'atelier-vista', '2048x2048')).toBe('0.2');
    const table = priceTable([vista], observations);
    expect(table['atelier-vista']).toEqual({
      '1024x1024': { amount: '0.08', source: 'price' },
      '2048x2048': { amount: '0.2', source: 'ledger' },
      '4096x4096': { amount: '0.48', source: 'price' },
    });
    expect(estimateBoard(table, ['atelier-vista'], '2048x2048', 2).total).toBe('0.4');
  });

  it('never prices a model from the ledger alone', () => {
    const table = priceTable([bare], [{ model: 'other', size: '1024x1024', n: 1, amount: '9' }]);
    expect(table.other).toEqual({});
    expect(estimateBoard(table, ['other'], '1024x1024', 1)).toEqual({ total: '0', perModel: [{ model: 'other', amount: null }], unknown: ['other'] });
  });

  it('names models it cannot price and leaves them out of the total', () => {
    const estimate = estimateBoard(priceTable([vista, bare], []), ['atelier-vista', 'other'], '4096x4096', 1);
    expect(estimate).toMatchObject({ total: '0.48', unknown: ['other'] });
  });
});
