'use client';

import { useLayoutEffect, useRef } from 'react';
import { PinLayer } from './pin-layer';
import { pinsOf, useResultReview } from './review-scope';

/**
 * A result's comment pins in the full-screen viewer: a layer laid over its image and moved with it
 * (the viewer writes one pan and zoom to every `[data-viewer-image]`), each pin on its pixel at any
 * zoom and one size on screen. Read only: comments are written beside the picture, not here.
 */
export function ViewerPins({ outputId, zoom }: { outputId: string; zoom: number }) {
  const { review } = useResultReview(outputId);
  const layer = useRef<HTMLDivElement>(null);
  // Arriving after the view was applied, the layer takes its image's transform at once.
  useLayoutEffect(() => {
    const element = layer.current;
    const image = element?.previousElementSibling as HTMLElement | null;
    if (element && image?.style.transform) element.style.transform = image.style.transform;
  });
  if (!review?.size) return null;
  const pins = pinsOf(review);
  if (pins.length === 0) return null;
  return (
    <div
      ref={layer}
      data-viewer-image
      data-testid="viewer-pins"
      className="pointer-events-none absolute inset-0 origin-top-left"
      style={{ willChange: 'transform' }}
    >
      <PinLayer size={review.size} pins={pins} scale={zoom} />
    </div>
  );
}
