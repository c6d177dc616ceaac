import type { Metadata } from 'next';
import { Clapperboard, SearchX } from 'lucide-react';
import Link from 'next/link';
import { VideoStrip } from '@/components/empty/illustrations';
import { EmptyState } from '@/components/empty/empty-state';
import { PageHeader } from '@/components/page-header';
import { buttonClass } from '@/components/ui/button';
import { VideoFilters } from '@/components/videos/video-filters';
import { VideoForm } from '@/components/videos/video-form';
import { VideoLibrary } from '@/components/videos/video-library';
import { teamPage } from '@/lib/auth/page-context';
import { MAX_PROMPT_CHARS, promptLength, promptText } from '@/lib/text';
import { format } from '@/lib/i18n';
import { queryString, type SearchParams } from '@/lib/http/page-query';
import { describeModels, getI18n } from '@/lib/i18n/server';
import { videoModels } from '@/lib/videos/catalog';
import { listVideos, usedVideoModels, videoFiltersSchema } from '@/lib/videos/queries';
import { startVideo } from './start-video';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.videos.title };
}

export default async function VideosPage({ searchParams }: { searchParams: SearchParams }) {
  // `prompt`: "Video from this prompt" (the library) starts the form with it.
  const { ctx, t, query } = await teamPage(
    videoFiltersSchema.extend({
      prompt: promptText()
        .refine((text) => promptLength(text) <= MAX_PROMPT_CHARS)
        .optional(),
    }),
    searchParams,
  );
  const { prompt, ...filters } = query;
  const filtered = Boolean(filters.status || filters.model || filters.scope === 'mine' || filters.before);
  const [models, { videos, next }, used] = await Promise.all([videoModels(ctx), listVideos(ctx, filters), usedVideoModels(ctx)]);
  const pageHref = (before?: string) => {
    const query = queryString({ status: filters.status, model: filters.model, scope: filters.scope === 'mine' ? 'mine' : undefined, before });
    return query ? `/videos?${query}` : '/videos';
  };
  const l = t.videos.library;
  const empty = filtered ? (
    <EmptyState icon={<SearchX />} title={l.noMatchTitle} description={l.noMatch}>
      <div className="flex justify-center">
        <Link href="/videos" className={buttonClass('secondary', 'sm')}>
          {l.clearFilters}
        </Link>
      </div>
    </EmptyState>
  ) : (
    <EmptyState icon={<Clapperboard />} title={l.emptyTitle} description={l.empty}>
      <VideoStrip />
    </EmptyState>
  );
  return (
    <>
      <PageHeader title={t.videos.title} description={t.videos.description} />
      <div className="grid gap-8">
        <VideoForm models={describeModels(t, models)} action={startVideo} initialPrompt={prompt} />
        <section aria-labelledby="video-library-title" className="grid gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="flex items-baseline gap-2">
              <h2 id="video-library-title" className="text-lg font-semibold tracking-tight text-ink">
                {l.title}
              </h2>
              {videos.length > 0 && <span className="text-sm text-ink-muted">{format(l.count, { n: next ? `${videos.length}+` : videos.length })}</span>}
            </div>
            {(used.length > 0 || filtered) && <VideoFilters models={[...new Set([...used, ...models.map((m) => m.id)])].sort()} />}
          </div>
          <VideoLibrary videos={videos} empty={empty} />
          {(next || filters.before) && (
            <nav aria-label={l.pages} className="flex justify-center gap-2">
              {filters.before && (
                <Link href={pageHref()} className={buttonClass('secondary', 'sm')}>
                  {l.newest}
                </Link>
              )}
              {next && (
                <Link href={pageHref(next)} className={buttonClass('secondary', 'sm')}>
                  {l.older}
                </Link>
              )}
            </nav>
          )}
        </section>
      </div>
    </>
  );
}
