import { describe, expect, it } from 'vitest';
import { presetRange, rangeFromQuery } from './ranges';

const at = new Date('2026-03-01T02:00:00Z'); // already 1 March in Shanghai, still 28 February in New York

describe('dashboard periods', () => {
  it('end today in the team time zone', () => {
    expect(presetRange('this-month', 'Asia/Shanghai', at)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('this-month', 'America/New_York', at)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last-month', 'Asia/Shanghai', at)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last-month', 'America/New_York', at)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(presetRange('7d', 'Asia/Shanghai', at)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
  });

  it('take a typed period when it is valid and fall back to this month otherwise', () => {
    expect(rangeFromQuery({ from: '2026-01-05', to: '2026-01-20' }, 'UTC')).toMatchObject({
      range: { from: '2026-01-05', to: '2026-01-20' },
      preset: null,
      invalid: false,
    });
    expect(rangeFromQuery({ from: '2026-01-20', to: '2026-01-05' }, 'UTC')).toMatchObject({ preset: 'this-month', invalid: true });
    expect(rangeFromQuery({ range: '30d' }, 'UTC')).toMatchObject({ preset: '30d', invalid: false });
    expect(rangeFromQuery({ range: 'forever' }, 'UTC')).toMatchObject({ preset: 'this-month', invalid: false });
  });
});
