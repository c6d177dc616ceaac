import { Clapperboard, Columns3, WandSparkles } from 'lucide-react';
import { format, type Dictionary } from '@/lib/i18n';
import type { SharedResult, ShareShow } from '@/lib/share';
import { Badge } from '../ui/badge';
import { cn } from '../ui/cn';
import { DownloadAll } from './download-all';
import { SharedBoard } from './shared-board';
import { SharedEdit } from './shared-edit';
import { SharedVideo } from './shared-video';
import type { SharedViewProps } from './shared-view-props';

const KIND_ICONS = { edit: WandSparkles, comparison: Columns3, video: Clapperboard } as const;

/** The public page's body: what kind of result, its prompt and models (as the link shows them), then the result itself. */
export function SharedView(props: SharedViewProps) {
  const { result, show, zip, t } = props;
  const p = t.share.page;
  const Icon = KIND_ICONS[result.kind];
  const title = result.prompt ?? p.untitled[result.kind];
  return (
    <article className="grid gap-8" data-testid="shared-result" data-kind={result.kind}>
      <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
        <div className="grid max-w-4xl min-w-0 gap-3">
          <p className="flex items-center gap-2 text-[13px] font-medium text-accent-soft-ink">
            <Icon className="size-4" aria-hidden />
            {p.kicker[result.kind]}
          </p>
          <h1
            data-testid="shared-prompt"
            className={cn(
              'font-semibold tracking-tight break-words whitespace-pre-wrap text-ink',
              title.length > 160 ? 'text-base leading-relaxed' : 'text-xl leading-snug sm:text-2xl',
            )}
          >
            {title}
          </h1>
          <dl className="flex flex-wrap items-center gap-x-5 gap-y-2 text-[13px] text-ink-muted">
            {result.models.length > 0 && (
              <div className="flex flex-wrap items-center gap-1.5">
                <dt>{result.models.length > 1 ? p.models : p.model}</dt>
                {result.models.map((model) => (
                  <dd key={model}>
                    <Badge className="font-mono">{model}</Badge>
                  </dd>
                ))}
              </div>
            )}
            <Details result={result} show={show} t={t} />
          </dl>
        </div>
        {zip && <DownloadAll href={zip} t={t} />}
      </header>
      {result.kind === 'comparison' && <SharedBoard {...props} result={result} />}
      {result.kind === 'edit' && <SharedEdit {...props} result={result} />}
      {result.kind === 'video' && <SharedVideo result={result} mediaBase={props.mediaBase} t={t} />}
    </article>
  );
}

/** The settings worth knowing beside the models: size (when the link shows it), edit kind, video format. */
function Details({ result, show, t }: { result: SharedResult; show: ShareShow; t: Dictionary }) {
  const pair = (label: string, value: string) => (
    <div key={label} className="flex gap-1.5">
      <dt>{label}</dt>
      <dd className="text-ink">{value}</dd>
    </div>
  );
  if (result.kind === 'comparison') return show.size && pair(t.compare.form.size, result.size);
  if (result.kind === 'edit') {
    return (
      <>
        {pair(t.share.page.editKind, t.edit.kinds[result.editKind].name)}
        {show.size && pair(t.share.page.size, `${result.width}x${result.height}`)}
      </>
    );
  }
  const v = t.videos.player;
  return (
    <>
      {result.duration !== null && pair(v.duration, format(t.videos.form.seconds, { n: result.duration }))}
      {show.size && pair(v.resolution, result.resolution)}
      {show.size && pair(v.aspectRatio, `${result.aspectRatio} · ${t.videos.form.aspect[result.aspectRatio]}`)}
      {result.audio && pair(v.audio, v.yes)}
    </>
  );
}
