/** Reads what a test needs from an MP4's boxes: brand, duration, and each track's kind, codec and size. */

export interface Mp4Track {
  handler: string; // 'vide' | 'soun'
  codec: string; // sample entry type: 'avc1', 'mp4a', ...
  width: number;
  height: number;
  durationSeconds: number;
}

export interface Mp4Info {
  brand: string;
  durationSeconds: number;
  tracks: Mp4Track[];
}

interface Box {
  type: string;
  start: number; // payload start
  end: number;
}

function boxes(buf: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) throw new Error(`malformed box ${type} at ${at}`);
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return out;
}

const child = (buf: Buffer, box: Box, type: string) => boxes(buf, box.start, box.end).find((b) => b.type === type);

function timescaleDuration(buf: Buffer, box: Box): number {
  // mvhd/mdhd: version(1) flags(3), then v0: ctime(4) mtime(4) timescale(4) duration(4); v1: 8, 8, 4, 8.
  const v = buf[box.start];
  const timescale = buf.readUInt32BE(box.start + (v === 1 ? 20 : 12));
  const duration = v === 1 ? Number(buf.readBigUInt64BE(box.start + 24)) : buf.readUInt32BE(box.start + 16);
  return duration / timescale;
}

export function readMp4(buf: Buffer): Mp4Info {
  const top = boxes(buf, 0, buf.length);
  const ftyp = top.find((b) => b.type === 'ftyp');
  const moov = top.find((b) => b.type === 'moov');
  if (!ftyp || !moov) throw new Error('not an MP4: no ftyp/moov');
  const mvhd = child(buf, moov, 'mvhd')!;
  const tracks = boxes(buf, moov.start, moov.end)
    .filter((b) => b.type === 'trak')
    .map((trak) => {
      const tkhd = child(buf, trak, 'tkhd')!;
      const mdia = child(buf, trak, 'mdia')!;
      const hdlr = child(buf, mdia, 'hdlr')!;
      const stbl = child(buf, child(buf, mdia, 'minf')!, 'stbl')!;
      const stsd = child(buf, stbl, 'stsd')!;
      return {
        handler: buf.toString('latin1', hdlr.start + 8, hdlr.start + 12),
        codec: buf.toString('latin1', stsd.start + 12, stsd.start + 16),
        // tkhd ends with width and height as 16.16 fixed point.
        width: buf.readUInt32BE(tkhd.end - 8) / 65536,
        height: buf.readUInt32BE(tkhd.end - 4) / 65536,
        durationSeconds: timescaleDuration(buf, child(buf, mdia, 'mdhd')!),
      };
    });
  return { brand: buf.toString('latin1', ftyp.start, ftyp.start + 4), durationSeconds: timescaleDuration(buf, mvhd), tracks };
}
