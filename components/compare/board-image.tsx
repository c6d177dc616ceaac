'use client';

import { Download, ImageOff, Maximize2, WandSparkles } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { BoardImage as Image } from '@/lib/comparisons/queries';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { buttonClass } from '../ui/button';
import { ImageMarks, ImageReviewActions } from '../review/board-review';
import { Spinner } from '../ui/spinner';

const FIGURE = 'group relative overflow-hidden rounded-control bg-subtle checkerboard';
const ACTIONS =
  'absolute inset-x-0 bottom-0 flex justify-end gap-1 bg-gradient-to-t from-black/50 to-transparent p-2 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100';
const ACTION = buttonClass('secondary', 'icon', 'size-8');

/**
 * One image of a column. Archived: a small WebP from our storage, with download and editor. Until
 * then it is the service's own file (signed, 7 days), viewable only: the rest needs the stored copy.
 * A click (or Enter) on the picture opens it in the board's full-screen viewer (`onOpen`).
 */
export function BoardImage({
  image,
  alt,
  onOpen,
  review,
}: {
  image: Image;
  alt: string;
  onOpen: () => void;
  /** Its review on the board: the column it may be best of (none for a rerun's), and its size for its pins. */
  review?: { column?: number; size: { width: number; height: number } | null };
}) {
  const { t, locale } = useI18n();
  const b = t.compare.board;
  if (image.state === 'archived') {
    return (
      <figure data-testid="board-image" data-state="archived" className={FIGURE}>
        <ViewButton label={b.viewer.view} onOpen={onOpen}>
          {/* eslint-disable-next-line @next/next/no-img-element -- our own resized WebP, served by the assets route */}
          <img
            src={`/api/assets/${image.assetId}?w=512`}
            alt={alt}
            data-asset-id={image.assetId}
            data-sha256={image.sha256}
            loading="lazy"
            className="aspect-square w-full object-cover"
          />
        </ViewButton>
        {review && <ImageMarks outputId={image.outputId} size={review.size} />}
        <figcaption className={ACTIONS}>
          {review && <ImageReviewActions outputId={image.outputId} column={review.column} className="mr-auto" />}
          <OpenFull href={`/api/assets/${image.assetId}`} label={b.openFull} />
          <a href={`/api/assets/${image.assetId}?download=1`} download aria-label={b.download} title={b.download} className={ACTION}>
            <Download />
          </a>
          <Link href={`/edit?asset=${image.assetId}`} aria-label={b.openInEditor} title={b.openInEditor} className={ACTION}>
            <WandSparkles />
          </Link>
        </figcaption>
      </figure>
    );
  }

  const until = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(image.availableUntil));
  return (
    <div className="grid gap-1.5">
      <figure data-testid="board-image" data-state={image.state} className={FIGURE}>
        {image.serviceUrl ? (
          <ViewButton label={b.viewer.view} onOpen={onOpen}>
            {/* eslint-disable-next-line @next/next/no-img-element -- the service's own signed file, until our copy exists */}
            <img src={image.serviceUrl} alt={alt} loading="lazy" decoding="async" className="aspect-square w-full object-cover" />
          </ViewButton>
        ) : (
          <div className="grid aspect-square place-items-center bg-subtle text-ink-subtle">
            <ImageOff className="size-6" />
          </div>
        )}
        {image.state === 'archiving' && (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white">
            <Spinner className="size-3.5" />
            {b.archive.saving}
          </span>
        )}
        {image.serviceUrl && (
          <figcaption className={ACTIONS}>
            <OpenFull href={image.serviceUrl} label={b.openFull} />
          </figcaption>
        )}
      </figure>
      {image.state === 'unsaved' && (
        <p data-testid="unsaved-note" className="rounded-control bg-warning-soft px-2.5 py-2 text-xs leading-relaxed text-warning">
          <span suppressHydrationWarning>{format(image.serviceUrl ? b.archive.unsaved : b.archive.expired, { date: until })}</span>
          {image.serviceUrl && (
            <>
              {' '}
              <a href={image.serviceUrl} target="_blank" rel="noreferrer" className="font-medium underline underline-offset-2">
                {b.archive.openServiceCopy}
              </a>
            </>
          )}
        </p>
      )}
    </div>
  );
}

/** The picture as a button: its name is the image's own (alt), its tooltip says what it does. */
function ViewButton({ label, onOpen, children }: { label: string; onOpen: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onOpen} title={label} className="focus-ring block w-full cursor-zoom-in">
      {children}
    </button>
  );
}

/** The full-size file in a new tab: ours once archived, the service's until then. */
function OpenFull({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" aria-label={label} title={label} className={ACTION}>
      <Maximize2 />
    </a>
  );
}
