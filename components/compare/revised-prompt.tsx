import { cn } from '../ui/cn';

/** The prompt as the model rewrote it, folded away under its label. */
export function RevisedPrompt({ label, text, className }: { label: string; text: string; className?: string }) {
  return (
    <details className={cn('text-xs text-ink-muted', className)}>
      <summary className="cursor-pointer select-none">{label}</summary>
      <p className="mt-1 leading-relaxed">{text}</p>
    </details>
  );
}
