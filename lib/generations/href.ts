import type { GenerationKind } from '../db/generated/enums';

/** Where a generation can be seen again: the studio for an edit, its board, its player. */
export const generationHref = (g: { id: string; kind: GenerationKind }) =>
  g.kind === 'edit' ? `/edit?edit=${g.id}` : g.kind === 'comparison' ? `/compare/${g.id}` : `/videos/${g.id}`;
