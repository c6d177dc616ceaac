import { format, formatCny, type Dictionary, type Locale } from '@/lib/i18n';
import type { AlertItem } from './alert-types';

/** What a budget alert in Sent alerts says: the share really spent, and the threshold it crossed (true even when both are equal). */
export function budgetFact(a: Dictionary['alerts'], item: Pick<AlertItem, 'threshold' | 'percent' | 'limit' | 'spent' | 'period'>, locale: Locale): string {
  const values = {
    threshold: item.threshold,
    percent: item.percent ?? '',
    limit: formatCny(item.limit, locale),
    spent: formatCny(item.spent, locale),
    period: item.period,
  };
  if (item.percent === null || item.percent === undefined) return format(a.crossedNoBudget, values);
  return format(Number(item.percent) === item.threshold ? a.crossedAt : a.crossed, values);
}
