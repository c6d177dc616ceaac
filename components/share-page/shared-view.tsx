import { Clapperboard, Columns3, WandSparkles } from 'lucide-react';
import { format, type Dictionary } from '@/lib/i18n';
import type { SharedResult } from '@/lib/share';
import { Badge } from '../ui/badge';
import { cn } from '../ui/cn';
import { SharedBoard } from './shared-board';
import { SharedEdit } from './shared-edit';
import { SharedVideo } from './shared-video';

const KIND_ICONS = { edit: WandSparkles, comparison: Columns3, video: Clapperboard } as const;

/** The public page's body: what kind of result, its prompt and models, then the result itself. */
export function SharedView({ result, mediaBase, t }: { result: SharedResult; mediaBase: string; t: Dictionary }) {
  const p = t.share.page;
  const Icon = KIND_ICONS[result.kind];
  return (
    <article className="grid gap-8" data-testid="shared-result" data-kind={result.kind}>
      <header className="grid max-w-4xl gap-3">
        <p className="flex items-center gap-2 text-[13px] font-medium text-accent-soft-ink">
          <Icon className="size-4" aria-hidden />
          {p.kicker[result.kind]}
        </p>
        <h1
          data-testid="shared-prompt"
          className={cn(
            'font-semibold tracking-tight break-words whitespace-pre-wrap text-ink',
            result.prompt.length > 160 ? 'text-base leading-relaxed' : 'text-xl leading-snug sm:text-2xl',
          )}
        >
          {result.prompt}
        </h1>
        <dl className="flex flex-wrap items-center gap-x-5 gap-y-2 text-[13px] text-ink-muted">
          <div className="flex flex-wrap items-center gap-1.5">
            <dt>{result.models.length > 1 ? p.models : p.model}</dt>
            {result.models.map((model) => (
              <dd key={model}>
                <Badge className="font-mono">{model}</Badge>
              </dd>
            ))}
          </div>
          <Details result={result} t={t} />
        </dl>
      </header>
      {result.kind === 'comparison' && <SharedBoard result={result} mediaBase={mediaBase} t={t} />}
      {result.kind === 'edit' && <SharedEdit result={result} mediaBase={mediaBase} t={t} />}
      {result.kind === 'video' && <SharedVideo result={result} mediaBase={mediaBase} t={t} />}
    </article>
  );
}

/** The settings worth knowing beside the models: size, edit kind, video format. */
function Details({ result, t }: { result: SharedResult; t: Dictionary }) {
  const pair = (label: string, value: string) => (
    <div key={label} className="flex gap-1.5">
      <dt>{label}</dt>
      <dd className="text-ink">{value}</dd>
    </div>
  );
  if (result.kind === 'comparison') return pair(t.compare.form.size, result.size);
  if (result.kind === 'edit') return pair(t.share.page.editKind, t.edit.kinds[result.editKind].name);
  const v = t.videos.player;
  return (
    <>
      {result.duration !== null && pair(v.duration, format(t.videos.form.seconds, { n: result.duration }))}
      {pair(v.resolution, result.resolution)}
      {pair(v.aspectRatio, `${result.aspectRatio} · ${t.videos.form.aspect[result.aspectRatio]}`)}
      {result.audio && pair(v.audio, v.yes)}
    </>
  );
}
