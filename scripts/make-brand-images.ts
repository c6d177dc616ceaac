// Writes the brand images in public/ from app/icon.svg: the Open Graph card pages show when a link
// to Atelier is shared, the home-screen icon, and favicon.ico (16, 32 and 48 px: browsers and
// feed readers ask for /favicon.ico whatever the page links). Run again after changing the mark:
//   npx tsx scripts/make-brand-images.ts
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const mark = readFileSync('app/icon.svg', 'utf8');
const inner = mark.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

await sharp(Buffer.from(mark)).resize(180, 180).png().toFile('public/apple-touch-icon.png');

/** An ICO holding PNG images (Windows Vista on, and every browser): a header, one entry per size, then the PNGs. */
async function favicon(sizes: number[]): Promise<Buffer> {
  const pngs = await Promise.all(sizes.map((size) => sharp(Buffer.from(mark)).resize(size, size).png({ compressionLevel: 9 }).toBuffer()));
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size % 256, at); // width (0 means 256)
    header.writeUInt8(size % 256, at + 1); // height
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(pngs[i].length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += pngs[i].length;
  });
  return Buffer.concat([header, ...pngs]);
}
writeFileSync('public/favicon.ico', await favicon([16, 32, 48]));

const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#fbfbfd"/>
  <rect x="0" y="0" width="1200" height="630" fill="url(#wash)" opacity="0.55"/>
  <defs><radialGradient id="wash" cx="0.85" cy="0.1" r="0.9"><stop offset="0" stop-color="#c7c4ff"/><stop offset="1" stop-color="#fbfbfd"/></radialGradient></defs>
  <g transform="translate(96 188) scale(4.5)">${inner}</g>
  <text x="286" y="270" font-family="Geist, Helvetica, Arial, sans-serif" font-size="92" font-weight="650" fill="#1b1d26">Atelier</text>
  <text x="290" y="340" font-family="Geist, Helvetica, Arial, sans-serif" font-size="34" fill="#5b5f72">AI image editing, model comparison and video, for teams</text>
  <text x="290" y="392" font-family="'WenQuanYi Micro Hei', 'Noto Sans CJK SC', sans-serif" font-size="30" fill="#5b5f72">面向团队的 AI 图像编辑、多模型对比与视频生成工作室</text>
</svg>`;
await sharp(Buffer.from(card)).png({ compressionLevel: 9 }).toFile('public/og.png');
console.log('wrote public/apple-touch-icon.png, public/favicon.ico and public/og.png');
