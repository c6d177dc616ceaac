/** A small outline of a frame in the given aspect ratio, e.g. "16:9". */
export function FrameShape({ ratio }: { ratio: string }) {
  const [w, h] = ratio.split(':').map(Number);
  const scale = 14 / Math.max(w, h);
  return (
    <span
      aria-hidden
      className="inline-block shrink-0 rounded-[2px] border-[1.5px] border-current"
      style={{ width: Math.round(w * scale), height: Math.round(h * scale) }}
    />
  );
}
