import type { Metadata } from 'next';
import { CircleAlert, Download } from 'lucide-react';
import { notFound } from 'next/navigation';
import { BackLink } from '@/components/back-link';
import { FailureText } from '@/components/failure-text';
import { PageHeader } from '@/components/page-header';
import { ReviewPanel } from '@/components/review/review-panel';
import { ReviewScope } from '@/components/review/review-scope';
import { ReviewedVideo } from '@/components/review/reviewed-video';
import { buttonClass } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { RetryButton } from '@/components/videos/retry-button';
import { VideoDetails } from '@/components/videos/video-details';
import { VideoStatusBadge } from '@/components/videos/video-status-badge';
import { VideoWatch } from '@/components/videos/video-watch';
import { requireTeamContext } from '@/lib/auth/page-context';
import { getI18n } from '@/lib/i18n/server';
import { getVideo } from '@/lib/videos/queries';
import { frameRatio, isSettled } from '@/lib/videos/view';
import { retryVideo } from '../retry-video';
import { isUuid } from '@/lib/ids';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.videos.title };
}

export default async function VideoPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requireTeamContext();
  const { t, locale } = await getI18n();
  const video = isUuid(id) ? await getVideo(ctx, id) : null;
  if (!video) notFound();
  const p = t.videos.player;
  return (
    <>
      <PageHeader
        title={t.videos.title}
        description={video.prompt.length > 120 ? `${video.prompt.slice(0, 120)}…` : video.prompt}
        actions={<BackLink href="/videos">{p.back}</BackLink>}
      />
      <ReviewScope outputId={video.state === 'completed' ? video.outputId : null}>
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Card>
            <CardBody className="grid gap-4">
              {video.state === 'completed' && video.assetId ? (
                <>
                  <ReviewedVideo
                    src={`/api/assets/${video.assetId}`}
                    poster={`/api/assets/${video.assetId}?w=1024`}
                    style={{ aspectRatio: frameRatio(video.params.aspectRatio) }}
                  />
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <VideoStatusBadge state={video.state} />
                    <a href={`/api/assets/${video.assetId}?download=1`} download className={buttonClass('primary', 'md')}>
                      <Download />
                      {p.download}
                    </a>
                  </div>
                </>
              ) : isSettled(video.state) ? (
                <div className="grid gap-4 rounded-control bg-danger-soft p-5" data-testid="video-failure">
                  <div className="flex items-center gap-2 text-danger">
                    <CircleAlert aria-hidden className="size-5" />
                    <h2 className="text-[15px] font-semibold">{p.failedTitle}</h2>
                    <VideoStatusBadge state={video.state} />
                  </div>
                  <div data-testid="video-error" className="grid gap-1 text-sm text-ink">
                    <FailureText failure={{ code: video.errorCode, message: video.errorMessage ?? p.unknownError }} />
                  </div>
                  <RetryButton id={video.id} action={retryVideo} />
                </div>
              ) : (
                <VideoWatch
                  video={{
                    id: video.id,
                    state: video.state,
                    progress: video.progress,
                    estimatedRemaining: video.estimatedRemaining,
                    errorMessage: video.errorMessage,
                    errorCode: video.errorCode,
                    assetId: video.assetId,
                  }}
                  aspectRatio={video.params.aspectRatio}
                />
              )}
            </CardBody>
          </Card>
          <div className="grid gap-6">
            <VideoDetails video={video} t={t} locale={locale} />
            {video.state === 'completed' && video.outputId && (
              <Card>
                <CardBody>
                  <ReviewPanel />
                </CardBody>
              </Card>
            )}
          </div>
        </div>
      </ReviewScope>
    </>
  );
}
