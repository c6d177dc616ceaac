import { localToday } from './period';
import { spendRangeSchema, type SpendRange } from './spend';

export const PRESETS = ['this-month', 'last-month', '7d', '30d', '90d'] as const;
export type Preset = (typeof PRESETS)[number];

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A preset period as local dates, ending today in the team's zone. */
export function presetRange(preset: Preset, timeZone: string, now = new Date()): SpendRange {
  const today = localToday(timeZone, now);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'this-month':
      return { from: monthStart, to: today };
    case 'last-month': {
      const lastDay = shift(monthStart, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
    default:
      return { from: shift(today, 1 - Number.parseInt(preset, 10)), to: today };
  }
}

/**
 * The dashboard's period from its query string: `?from=&to=` when valid, else `?range=<preset>`,
 * else this month. `invalid` tells the page that a typed period was refused.
 */
export function rangeFromQuery(
  query: Record<string, string | string[] | undefined>,
  timeZone: string,
): { range: SpendRange; preset: Preset | null; invalid: boolean } {
  const one = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : undefined);
  if (one('from') || one('to')) {
    const custom = spendRangeSchema.safeParse({ from: one('from'), to: one('to') });
    if (custom.success) return { range: custom.data, preset: null, invalid: false };
  }
  const preset = (PRESETS as readonly string[]).includes(one('range') ?? '') ? (one('range') as Preset) : 'this-month';
  return { range: presetRange(preset, timeZone), preset, invalid: Boolean(one('from') || one('to')) };
}
