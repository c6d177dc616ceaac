import Link from 'next/link';
import type { ReactNode } from 'react';
import { format, formatCny, type Dictionary, type Locale } from '@/lib/i18n';
import type { VideoDetail } from '@/lib/videos/queries';
import { ShareButton } from '../share/share-button';
import { Card, CardBody, CardHeader } from '../ui/card';
import { LocalTime, TimePhrase } from '../local-time';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-3 py-2 text-sm">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="min-w-0 text-ink">{children}</dd>
    </div>
  );
}

/** The player's side panel: prompt, parameters, cost, who and when, where the file lives. */
export function VideoDetails({ video, t, locale }: { video: VideoDetail; t: Dictionary; locale: Locale }) {
  const p = t.videos.player;
  const expires = video.videoExpiresAt;
  return (
    <Card>
      <CardHeader title={p.prompt} action={video.state === 'completed' && video.assetId ? <ShareButton target={{ generationId: video.id }} /> : undefined} />
      <CardBody className="grid gap-5">
        <p data-testid="video-prompt" className="text-sm leading-relaxed whitespace-pre-wrap text-ink">
          {video.prompt}
        </p>
        <dl className="divide-y divide-line border-t border-line">
          <Row label={p.model}>{video.params.model}</Row>
          <Row label={p.duration}>{video.params.duration ? format(t.videos.form.seconds, { n: video.params.duration }) : p.defaultDuration}</Row>
          <Row label={p.resolution}>{video.params.resolution}</Row>
          <Row label={p.aspectRatio}>{`${video.params.aspectRatio} · ${t.videos.form.aspect[video.params.aspectRatio]}`}</Row>
          <Row label={p.audio}>{video.params.audio ? p.yes : p.no}</Row>
          <Row label={p.cost}>
            <span data-testid="video-cost">
              {video.cost !== null ? (
                formatCny(video.cost, locale)
              ) : video.state === 'failed' ? (
                // A failed video is never charged (its reservation is released): say so rather than "known when finished".
                `${formatCny('0', locale)} · ${p.notCharged}`
              ) : (
                <span className="text-ink-muted">{p.costPending}</span>
              )}
            </span>
          </Row>
          <Row label={p.createdBy}>{video.createdBy}</Row>
          <Row label={p.createdAt}>
            <LocalTime at={video.createdAt} />
          </Row>
          <Row label={p.storage}>
            <span data-testid="video-storage" className="grid gap-1">
              <span>{video.assetId ? p.archived : p.notArchived}</span>
              {expires && (
                <span className="text-ink-muted">
                  <TimePhrase template={video.videoUrlExpired ? p.serviceUrlExpired : p.serviceUrl} at={expires} />
                </span>
              )}
            </span>
          </Row>
          <Row label={p.callback}>
            <span data-testid="video-callback" data-state={video.callback} data-task-id={video.taskId ?? undefined}>
              {video.callback === 'heard' ? (
                <TimePhrase template={p.callbackHeard} at={video.heardAt!} />
              ) : video.callback === 'waiting' ? (
                p.callbackWaiting
              ) : (
                p.callbackNone
              )}
            </span>
          </Row>
          {video.parentId && (
            <Row label={p.retryOf}>
              <Link className="text-accent hover:underline" href={`/videos/${video.parentId}`}>
                {p.earlier}
              </Link>
            </Row>
          )}
          {video.retries.length > 0 && (
            <Row label={p.retries}>
              <span className="grid gap-1">
                {video.retries.map((id) => (
                  <Link key={id} className="font-mono text-xs text-accent hover:underline" href={`/videos/${id}`}>
                    {id.slice(0, 8)}
                  </Link>
                ))}
              </span>
            </Row>
          )}
        </dl>
      </CardBody>
    </Card>
  );
}
