import { FolderOpen, Play } from 'lucide-react';
import { format, type Dictionary } from '@/lib/i18n';
import type { SharedCollection } from '@/lib/share';
import { Badge } from '../ui/badge';

/**
 * A shared collection: its name and a grid of its results, each with its prompt and model; a tile
 * opens the full-size file. Nothing of the team: no costs, no authors.
 */
export function SharedCollectionView({ collection, mediaBase, t }: { collection: SharedCollection; mediaBase: string; t: Dictionary }) {
  const p = t.share.page;
  const { items, total } = collection;
  return (
    <article className="grid gap-8" data-testid="shared-collection">
      <header className="grid max-w-4xl gap-3">
        <p className="flex items-center gap-2 text-[13px] font-medium text-accent-soft-ink">
          <FolderOpen className="size-4" aria-hidden />
          {p.kicker.collection}
        </p>
        <h1 data-testid="shared-collection-name" className="text-xl leading-snug font-semibold tracking-tight break-words text-ink sm:text-2xl">
          {collection.name}
        </h1>
        <p className="text-[13px] text-ink-muted">
          {items.length < total ? format(p.collectionShowing, { shown: items.length, n: total }) : format(p.collectionCount, { n: total })}
        </p>
      </header>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.assetId} data-testid="shared-collection-item" className="min-w-0">
            <figure className="flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card">
              <a
                href={`${mediaBase}/${item.assetId}`}
                target="_blank"
                rel="noreferrer"
                title={item.video ? p.play : p.openFull}
                className="focus-ring group relative block aspect-square overflow-hidden bg-subtle checkerboard"
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- our own resized WebP (a video's poster frame), behind the share token */}
                <img
                  src={`${mediaBase}/${item.assetId}?w=512`}
                  srcSet={`${mediaBase}/${item.assetId}?w=256 256w, ${mediaBase}/${item.assetId}?w=512 512w`}
                  sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                  alt={item.prompt}
                  loading="lazy"
                  width={item.width ?? undefined}
                  height={item.height ?? undefined}
                  className="size-full object-cover transition-transform group-hover:scale-[1.02]"
                />
                {item.video && (
                  <span className="absolute inset-0 grid place-items-center">
                    <span className="grid size-11 place-items-center rounded-full bg-black/55 text-white">
                      <Play className="size-5 translate-x-px" aria-hidden />
                      <span className="sr-only">{p.play}</span>
                    </span>
                  </span>
                )}
              </a>
              <figcaption className="grid gap-1.5 p-3">
                <span title={item.prompt} className="line-clamp-2 text-[13px] leading-snug text-ink">
                  {item.prompt}
                </span>
                <Badge className="justify-self-start font-mono">{item.model}</Badge>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </article>
  );
}
