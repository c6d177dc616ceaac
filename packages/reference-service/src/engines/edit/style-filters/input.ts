/** What every style filter receives: packed RGB (alpha is handled by the caller) plus a seeded RNG. */
export interface StyleInput {
  rgb: Buffer;
  width: number;
  height: number;
  /** Deterministic for a given (style, seed). */
  rng: () => number;
  /** Length multiplier so strokes, dots and lines look the same at 512 px and 4096 px. */
  scale: number;
}

export type StyleFilter = (input: StyleInput) => Promise<Buffer>;
