import { format, type Dictionary, type Locale } from '../i18n';
import type { MaskGuardView } from './results';

// The mask guard's finding in words, one way everywhere it is shown (the studio, the library, the
// dashboard). Plain: client components import it.

/** A fraction (0..1) as a percentage with one decimal, in the reader's language: 0.124 → "12.4%". */
export function maskPercent(fraction: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(fraction);
}

/** "Outside the mask: 12.4% changed — restored" (蒙版外：12.4% 像素被改动 — 已还原). */
export function maskGuardLabel(view: Pick<MaskGuardView, 'changedFraction' | 'restored'>, t: Dictionary, locale: Locale): string {
  return format(view.restored ? t.maskGuard.changedRestored : t.maskGuard.changed, { percent: maskPercent(view.changedFraction, locale) });
}

/** How the answer was brought to the original's size, when it came at another size; null when it came at the original's. */
export function maskGuardFit(view: Pick<MaskGuardView, 'fit' | 'answeredAt'>, t: Dictionary): string | null {
  if (view.fit === 'exact' || !view.answeredAt) return null;
  return format(t.maskGuard.fit[view.fit], { size: `${view.answeredAt.width}×${view.answeredAt.height}` });
}
