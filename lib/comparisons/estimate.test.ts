import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../upstream';
import { estimateBoard, observedPrice, priceTable } from './estimate';

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

  it('falls back to costs the ledger saw for the same model and size, per image', () => {
    const observations = [
      { model: 'other', size: '2048x2048', n: 2, amount: '0.4' },
      { model: 'other', size: '2048x2048', n: 1, amount: '0.2' },
      { model: 'other', size: '1024x1024', n: 1, amount: '9' },
    ];
    expect(observedPrice(observations, 'other', '2048x2048')).toBe('0.2');
    const table = priceTable([vista, bare], observations);
    expect(table.other).toEqual({ '1024x1024': { amount: '9', source: 'ledger' }, '2048x2048': { amount: '0.2', source: 'ledger' } });
    const estimate = estimateBoard(table, ['atelier-vista', 'other'], '2048x2048', 2);
    expect(estimate.total).toBe('0.72');
    expect(estimate.perModel[1]).toEqual({ model: 'other', amount: '0.4', source: 'ledger' });
  });

  it('names models it cannot price and leaves them out of the total', () => {
    const estimate = estimateBoard(priceTable([vista, bare], []), ['atelier-vista', 'other'], '4096x4096', 1);
    expect(estimate).toMatchObject({ total: '0.48', unknown: ['other'] });
  });
});
