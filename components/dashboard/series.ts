import type { GenerationKind } from '@/lib/db/generated/enums';

/** One colour per kind, the same in every chart (CSS variables: they follow dark mode). */
export const KIND_COLORS: Record<GenerationKind, string> = {
  edit: 'var(--chart-edit)',
  comparison: 'var(--chart-comparison)',
  video: 'var(--chart-video)',
};
export const KIND_ORDER: GenerationKind[] = ['edit', 'comparison', 'video'];
