import { describe, expect, it } from 'vitest';
import { formatCost, sumCosts } from './cost';

describe('costs as decimal strings', () => {
  it.each([
    [0.1, '0.1'],
    [0.48, '0.48'],
    [3, '3'],
    [10, '10'],
    [0, '0'],
    [-0, '0'],
    [-1.25, '-1.25'],
    [0.1 + 0.2, '0.3'],
    [1e-7, '0.0000001'],
    [0.3 * 3, '0.9'],
  ])('prints %s as %s', (value, printed) => {
    expect(formatCost(value)).toBe(printed);
  });

  it('sums exactly, whatever the number of decimals', () => {
    expect(sumCosts(['0.1', '0.2'])).toBe('0.3');
    expect(sumCosts(['0.08', '0.16', '0.48'])).toBe('0.72');
    expect(sumCosts(['1', '2.50', '-0.5'])).toBe('3');
    expect(sumCosts(['-0.3', '0.1'])).toBe('-0.2');
    expect(sumCosts([])).toBe('0');
  });
});
