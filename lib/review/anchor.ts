/**
 * Where a thread is pinned on a result, in the result's own pixels: a point (x, y), a box (x, y, w,
 * h), and on a video a time in seconds (t), with a point or not. None of it: the result as a whole.
 */
export interface Anchor {
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  t?: number;
}

/** `m:ss` (or `h:mm:ss`) of a time in seconds, to a tenth when under a minute matters. */
export function timecode(seconds: number): string {
  // In whole tenths first: 3725.2 s is not 3725 s and 0.1999… of one.
  const tenths = Math.floor(seconds * 10 + 1e-6);
  const whole = Math.floor(tenths / 10);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const tenth = tenths % 10;
  const mmss = `${h > 0 ? `${h}:${String(m).padStart(2, '0')}` : m}:${String(s).padStart(2, '0')}`;
  return tenth > 0 ? `${mmss}.${tenth}` : mmss;
}
