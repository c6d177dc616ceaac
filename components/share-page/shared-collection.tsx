import { FolderOpen, Play } from 'lucide-react';
import { format, type Dictionary } from '@/lib/i18n';
import type { SharedCollection, ShareShow } from '@/lib/share';
import { Badge } from '../ui/badge';
import { DownloadAll, DownloadOne } from './download-all';

/**
 * A shared collection: its name and a grid of its results, each with its prompt, model and size as
 * the link shows them, and its own download; a tile opens the gallery's viewer (the full file without
 * script). Nothing of the team: no costs, no authors.
 */
export function SharedCollectionView(props: {
  collection: SharedCollection;
  show: ShareShow;
  /** Each file's place in the gallery, by asset id. */
  gallery: Record<string, number>;
  mediaBase: string;
  zip: string | null;
  t: Dictionary;
}) {
  const { collection, show, gallery, mediaBase, zip, t } = props;
  const p = t.share.page;
  const { items, total } = collection;
  return (
    <article className="grid gap-8" data-testid="shared-collection">
      <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
        <div className="grid max-w-4xl min-w-0 gap-3">
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
        </div>
        {zip && <DownloadAll href={zip} t={t} />}
      </header>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {items.map((item, i) => {
          const src = `${mediaBase}/${item.assetId}`;
          const name = item.prompt ?? format(p.viewer.position, { n: i + 1, count: items.length });
          return (
            <li key={item.assetId} data-testid="shared-collection-item" className="min-w-0">
              <figure className="group/tile relative flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card">
                <a
                  href={src}
                  data-gallery={gallery[item.assetId]}
                  title={p.viewer.open}
                  className="focus-ring group relative block aspect-square overflow-hidden bg-subtle checkerboard"
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- our own resized WebP (a video's poster frame), behind the share token */}
                  <img
                    src={`${src}?w=512`}
                    srcSet={`${src}?w=256 256w, ${src}?w=512 512w`}
                    sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                    alt={name}
                    loading={i < 8 ? 'eager' : 'lazy'}
                    width={item.width ?? undefined}
                    height={item.height ?? undefined}
                    className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
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
                {/* Over the picture, out of the caption's way: shown on hover or focus, always on a touch screen. */}
                <span className="absolute top-2 right-2 rounded-control bg-surface/90 opacity-0 shadow-card transition-opacity group-focus-within/tile:opacity-100 group-hover/tile:opacity-100 pointer-coarse:opacity-100">
                  <DownloadOne href={src} label={format(p.downloadFile, { name: item.model ?? String(i + 1) })} />
                </span>
                <figcaption className="grid gap-1.5 p-3">
                  {item.prompt && (
                    <span title={item.prompt} className="line-clamp-2 text-[13px] leading-snug text-ink">
                      {item.prompt}
                    </span>
                  )}
                  <span className="flex min-w-0 flex-wrap items-center gap-1.5">
                    {item.model && <Badge className="max-w-full truncate font-mono">{item.model}</Badge>}
                    {show.size && item.size && <span className="font-mono text-xs text-ink-muted">{item.size}</span>}
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
