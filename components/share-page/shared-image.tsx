import type { CSSProperties } from 'react';
import { cn } from '../ui/cn';

/**
 * An image of a shared result through the token-scoped media route: resized WebPs at two widths,
 * on a checkerboard so transparent pictures read as such.
 */
export function SharedImage({ src, alt, className, style }: { src: string; alt: string; className?: string; style?: CSSProperties }) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- our own resized WebP, behind the share token
    <img
      src={`${src}?w=1024`}
      srcSet={`${src}?w=512 512w, ${src}?w=1024 1024w`}
      sizes="(min-width: 1024px) 40vw, (min-width: 640px) 50vw, 100vw"
      alt={alt}
      data-testid="shared-image"
      className={cn('w-full bg-subtle checkerboard', className)}
      style={style}
    />
  );
}
