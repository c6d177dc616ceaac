import { Download } from 'lucide-react';
import { format, type Dictionary } from '@/lib/i18n';
import type { SharedResult } from '@/lib/share';
import { frameRatio } from '@/lib/videos/view';
import { buttonClass } from '../ui/button';

type Video = Extract<SharedResult, { kind: 'video' }>;

/** A shared video: the archived MP4 in a player (ranged requests through the media route). */
export function SharedVideo({ result, mediaBase, t }: { result: Video; mediaBase: string; t: Dictionary }) {
  const src = `${mediaBase}/${result.assetId}`;
  return (
    <div className="grid gap-4">
      <div className="grid place-items-center overflow-hidden rounded-card bg-black shadow-card">
        <video
          data-testid="shared-video"
          src={src}
          // A frame from half a second in (the renders fade in from black), made once on the server.
          poster={`${src}?w=1024`}
          controls
          playsInline
          preload="metadata"
          aria-label={result.prompt ? format(t.share.page.video, { prompt: result.prompt.slice(0, 80) }) : t.share.page.untitled.video}
          className="max-h-[75vh] w-full"
          style={{ aspectRatio: frameRatio(result.aspectRatio) }}
        />
      </div>
      <a href={`${src}?download=1`} download className={buttonClass('secondary', 'md', 'justify-self-start')}>
        <Download />
        {t.share.page.download}
      </a>
    </div>
  );
}
