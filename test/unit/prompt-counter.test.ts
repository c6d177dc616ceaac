import { describe, expect, it } from 'vitest';
import { MAX_PROMPT_CHARS, PROMPT_NEAR, promptCount } from '../../lib/text/prompt-limit';

// The counter beside every prompt box: hidden while the prompt is short, shown as it nears the
// limit, saying when it is over; characters are counted as the service counts them.
describe('promptCount', () => {
  it('shows from 90 % of the limit and says when the prompt is over', () => {
    expect(promptCount('a lighthouse')).toEqual({ n: 12, near: false, over: false });
    expect(promptCount('x'.repeat(PROMPT_NEAR))).toEqual({ n: 28_800, near: true, over: false });
    expect(promptCount('x'.repeat(MAX_PROMPT_CHARS))).toEqual({ n: 32_000, near: true, over: false });
    expect(promptCount('x'.repeat(MAX_PROMPT_CHARS + 1))).toEqual({ n: 32_001, near: true, over: true });
  });

  it('counts an emoji as one character, as the service does', () => {
    expect(promptCount('🙂'.repeat(MAX_PROMPT_CHARS)).over).toBe(false);
    expect(promptCount('🙂'.repeat(MAX_PROMPT_CHARS + 1)).over).toBe(true);
  });
});
