import sharp from 'sharp';
import { crc32 } from 'node:zlib';

/** A scene with a clear subject: an orange disc and a blue square on a pale gradient, as PNG. */
export function scenePng(width = 320, height = 240): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8eef5"/><stop offset="1" stop-color="#c9d6e3"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.42}" cy="${height * 0.5}" r="${height * 0.28}" fill="#e8731c"/>
    <rect x="${width * 0.66}" y="${height * 0.2}" width="${width * 0.2}" height="${height * 0.3}" fill="#2456a8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A black mask with a white, feathered rectangle: white = edit, black = keep. */
export function maskPng(width: number, height: number, box: { x: number; y: number; w: number; h: number }, feather = 3): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#000"/><rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="#fff"/></svg>`;
  const img = sharp(Buffer.from(svg)).greyscale();
  return (feather > 0 ? img.blur(feather) : img).png().toBuffer();
}

export async function rgba(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A syntactically valid PNG whose header claims a size no one should try to decode. */
export function hugeHeaderPng(width = 50_000, height = 50_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Mean absolute difference per channel between two same-sized RGBA buffers, over the pixels `where` selects. */
export function meanAbsDiff(a: Buffer, b: Buffer, where: (pixel: number) => boolean = () => true): number {
  let sum = 0;
  let count = 0;
  for (let p = 0; p * 4 < a.length; p++) {
    if (!where(p)) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a[p * 4 + c] - b[p * 4 + c]);
    count += 3;
  }
  return count ? sum / count : 0;
}
