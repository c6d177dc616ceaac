'use client';

import { format } from '@/lib/i18n';
import { MAX_PROMPT_CHARS, promptCount } from '@/lib/text/prompt-limit';
import { useI18n } from './i18n-provider';

/**
 * Beside every prompt box (the studio, the board, videos): how long the prompt is once it nears the
 * service's limit, and by how much it is over. Nothing is cut: a prompt over the limit is refused
 * when sent, and this says so first.
 */
export function PromptCounter({ prompt, id }: { prompt: string; id?: string }) {
  const { t, locale } = useI18n();
  const { n, near, over } = promptCount(prompt);
  const number = new Intl.NumberFormat(locale);
  const values = { n: number.format(n), max: number.format(MAX_PROMPT_CHARS), over: number.format(n - MAX_PROMPT_CHARS) };
  return (
    <p
      id={id}
      aria-live="polite"
      data-testid="prompt-counter"
      data-over={over || undefined}
      hidden={!near}
      className={over ? 'text-xs font-medium text-danger tabular-nums' : 'text-xs text-ink-subtle tabular-nums'}
    >
      {near && format(over ? t.common.promptOver : t.common.promptCount, values)}
    </p>
  );
}
