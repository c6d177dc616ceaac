/**
 * Bounds how many pixels this process decodes at once, so that photos arriving together wait their
 * turn instead of raising the server's memory past its limit: one 48 MP photo at a time, or many
 * small images side by side. On globalThis: the custom server and Next.js's bundles are one process.
 */
const BUDGET = 50_000_000;

interface Gate {
  inUse: number;
  waiting: (() => void)[];
}
const key = Symbol.for('atelier.decodeGate');
const gate: Gate = ((globalThis as Record<symbol, Gate>)[key] ??= { inUse: 0, waiting: [] });

/** Runs `work` once `pixels` fit in the budget (an image larger than the budget takes all of it). */
export async function withDecodeBudget<T>(pixels: number, work: () => Promise<T>): Promise<T> {
  const need = Math.min(Math.max(pixels, 1), BUDGET);
  while (gate.inUse + need > BUDGET) await new Promise<void>((resume) => gate.waiting.push(resume));
  gate.inUse += need;
  try {
    return await work();
  } finally {
    gate.inUse -= need;
    for (const resume of gate.waiting.splice(0)) resume();
  }
}

/** Pixels being decoded now (for tests and metrics). */
export const pixelsInDecode = () => gate.inUse;
