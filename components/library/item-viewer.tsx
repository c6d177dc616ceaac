'use client';

import { ChevronLeft, ChevronRight, ImageOff, ZoomIn, ZoomOut } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLayoutEffect, useState } from 'react';
import { useI18n } from '../i18n-provider';
import { ScopedPins } from '../review/review-scope';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';

/** A result at full size (fitted, or 1:1 to zoom), with ← and → to its neighbours in the filtered set. */
export function ItemViewer({
  src,
  poster,
  video,
  alt,
  newer,
  older,
}: {
  src: string | null;
  poster: string | null;
  video: boolean;
  alt: string;
  newer: string | null;
  older: string | null;
}) {
  const { t } = useI18n();
  const d = t.library.detail;
  const router = useRouter();
  const [zoomed, setZoomed] = useState(false);

  // A layout effect: the keys follow the item in the same commit that shows it, so an arrow pressed
  // as soon as the next item appears is not taken by the previous item's handler (which went nowhere).
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [role="dialog"]')) return;
      const to = event.key === 'ArrowLeft' ? newer : event.key === 'ArrowRight' ? older : null;
      if (to) router.push(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [newer, older, router]);

  return (
    <div className="grid gap-3">
      <div
        className={cn(
          'relative grid min-h-[20rem] place-items-center overflow-auto rounded-card bg-subtle shadow-card',
          'checkerboard',
          zoomed ? 'max-h-[80vh]' : 'max-h-[75vh]',
        )}
      >
        {!src ? (
          <ImageOff className="size-8 text-ink-subtle" />
        ) : video ? (
          <video data-testid="item-media" src={src} poster={poster ?? undefined} controls playsInline className="max-h-[75vh] w-full" />
        ) : (
          // The pins sit on a box the picture's own size: fitted or at 1:1, each stays on its pixel.
          <span className={cn('relative block', zoomed ? 'w-max' : 'max-w-full')}>
            {/* eslint-disable-next-line @next/next/no-img-element -- the stored original, behind auth */}
            <img
              data-testid="item-media"
              src={src}
              alt={alt}
              onClick={() => setZoomed((z) => !z)}
              className={cn('block', zoomed ? 'max-w-none cursor-zoom-out' : 'max-h-[75vh] max-w-full cursor-zoom-in object-contain')}
            />
            <ScopedPins />
          </span>
        )}
      </div>
      <div className="flex items-center justify-between gap-2">
        <StepLink href={newer} label={d.newer} icon={<ChevronLeft />} />
        {src && !video && (
          <button type="button" onClick={() => setZoomed((z) => !z)} className={buttonClass('ghost', 'sm')}>
            {zoomed ? <ZoomOut /> : <ZoomIn />}
            {zoomed ? d.zoomOut : d.zoomIn}
          </button>
        )}
        <StepLink href={older} label={d.older} icon={<ChevronRight />} trailing />
      </div>
    </div>
  );
}

function StepLink({ href, label, icon, trailing }: { href: string | null; label: string; icon: React.ReactNode; trailing?: boolean }) {
  const content = trailing ? (
    <>
      {label}
      {icon}
    </>
  ) : (
    <>
      {icon}
      {label}
    </>
  );
  return href ? (
    <Link href={href} rel={trailing ? 'next' : 'prev'} className={buttonClass('secondary', 'sm')}>
      {content}
    </Link>
  ) : (
    <span aria-disabled className={cn(buttonClass('secondary', 'sm'), 'pointer-events-none opacity-40')}>
      {content}
    </span>
  );
}
