/**
 * Which way up a photo is. A camera stores the sensor's rows as they came and says how to turn
 * them in its EXIF orientation tag (1..8); HEIF says it in the container instead (irot and imir),
 * and libheif applies those itself when it decodes.
 */

/** The turn (clockwise degrees) and then the mirror that show an orientation's pixels upright. */
export const UPRIGHT: Record<number, { rotate: 0 | 90 | 180 | 270; flop: boolean }> = {
  1: { rotate: 0, flop: false },
  2: { rotate: 0, flop: true },
  3: { rotate: 180, flop: false },
  4: { rotate: 180, flop: true },
  5: { rotate: 270, flop: true },
  6: { rotate: 90, flop: false },
  7: { rotate: 90, flop: true },
  8: { rotate: 270, flop: false },
};

/** Whether an orientation swaps width and height. */
export const turnsSideways = (orientation: number) => orientation >= 5 && orientation <= 8;

/** The orientation tag (274) of an EXIF block (with or without its `Exif\0\0` prefix); 1 when absent. */
export function exifOrientation(exif: Uint8Array | undefined): number {
  if (!exif) return 1;
  const start = exif[0] === 0x45 && exif[1] === 0x78 ? 6 : 0; // "Ex"if\0\0
  if (exif.length < start + 8) return 1;
  const view = new DataView(exif.buffer, exif.byteOffset + start, exif.byteLength - start);
  const little = view.getUint16(0) === 0x4949; // "II"
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > view.byteLength) return 1;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > view.byteLength) break;
    if (view.getUint16(at, little) === 0x0112) {
      const value = view.getUint16(at + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/**
 * Whether a HEIF file turns or mirrors its image in the container (an `irot` or `imir` property in
 * meta/iprp/ipco). Such a file's EXIF orientation describes the stored pixels and must not be
 * applied again; a file without them (heif-enc before 1.16 copies a JPEG's tag) needs it applied.
 */
export function heifTransforms(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = (at: number) => String.fromCharCode(...bytes.subarray(at + 4, at + 8));
  /** The children of the box whose content runs from `from` to `to`. */
  const children = (from: number, to: number) => {
    const boxes: { type: string; body: number; end: number }[] = [];
    for (let at = from; at + 8 <= to;) {
      let size = view.getUint32(at);
      let header = 8;
      if (size === 1 && at + 16 <= to) {
        size = Number(view.getBigUint64(at + 8));
        header = 16;
      } else if (size === 0) size = to - at;
      if (size < header || at + size > to) break;
      boxes.push({ type: type(at), body: at + header, end: at + size });
      at += size;
    }
    return boxes;
  };
  const meta = children(0, bytes.length).find((b) => b.type === 'meta');
  if (!meta) return false;
  const iprp = children(meta.body + 4, meta.end).find((b) => b.type === 'iprp'); // meta is a full box
  const ipco = iprp && children(iprp.body, iprp.end).find((b) => b.type === 'ipco');
  return Boolean(ipco && children(ipco.body, ipco.end).some((b) => b.type === 'irot' || b.type === 'imir'));
}
