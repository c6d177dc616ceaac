/**
 * Round axis values from 0 to at least `max`: at most `count` ticks, evenly spaced by 1, 2, 2.5 or 5
 * times a power of ten (¥0.2 steps up to ¥0.8, not ¥0.21 up to ¥0.84). The last tick is the axis top.
 */
export function niceTicks(max: number, count = 6): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const rough = top / (count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough * (1 - 1e-9))!;
  // A hair under a whole step (floating point) is the step itself: 0.6000000001 / 0.2 is 3 steps.
  const steps = Math.max(1, Math.ceil(top / step - 1e-9));
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}
