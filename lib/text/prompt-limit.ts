// How long a prompt may be: what the service takes for every operation (decisions.md row 15), the
// one limit of every prompt box (edit, board, video) and of Atelier's API. Plain (no zod): the
// prompt boxes' counter reads it in the browser.

/** At most this many characters (Unicode code points, any script) in a prompt. */
export const MAX_PROMPT_CHARS = 32_000;

/** A prompt's length as the service counts it: in code points (an emoji is one, not two UTF-16 units). */
export function promptLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The counter beside a prompt box shows from here on. */
export const PROMPT_NEAR = Math.floor(MAX_PROMPT_CHARS * 0.9);

/** Where a prompt stands against the limit: its length, whether the counter shows, whether it is over. */
export function promptCount(text: string): { n: number; near: boolean; over: boolean } {
  const n = promptLength(text);
  return { n, near: n >= PROMPT_NEAR, over: n > MAX_PROMPT_CHARS };
}
