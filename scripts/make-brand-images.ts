// Writes the brand images in public/ from app/icon.svg: the Open Graph card pages show when a link
// to Atelier is shared, and the home-screen icon. Run again after changing the mark:
//   npx tsx scripts/make-brand-images.ts
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const mark = readFileSync('app/icon.svg', 'utf8');
const inner = mark.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

await sharp(Buffer.from(mark)).resize(180, 180).png().toFile('public/apple-touch-icon.png');

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
console.log('wrote public/apple-touch-icon.png and public/og.png');
