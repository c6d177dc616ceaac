// The cost dashboard's y-axis ticks (components/dashboard/nice-ticks.ts).
import { describe, expect, it } from 'vitest';
import { niceTicks } from '@/components/dashboard/nice-ticks';

describe('niceTicks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten, from 0 to the first tick at or above the top', () => {
    expect(niceTicks(0.8)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(0.81)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(1.2)).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25]);
    expect(niceTicks(2.06)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(1234.5)).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(niceTicks(0.0003)).toEqual([0, 0.0001, 0.0002, 0.0003]);
  });

  it('keeps decimal steps exact (no 0.30000000000000004) and a top a hair over a step on that step', () => {
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(0.6000000000000001)).toEqual([0, 0.2, 0.4, 0.6]);
  });

  it('never gives more ticks than asked, and always at least two', () => {
    for (const max of [0.01, 0.37, 0.99, 1, 1.01, 3.3, 9.99, 12, 99, 101, 777]) {
      const ticks = niceTicks(max);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    }
    expect(niceTicks(10, 3)).toEqual([0, 5, 10]);
  });

  it('draws 0 to 1 when nothing was spent', () => {
    expect(niceTicks(0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});
