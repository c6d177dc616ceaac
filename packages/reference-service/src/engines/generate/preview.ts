/**
 * Writes sample images for eyeballing the text-to-image models:
 *   npx tsx lib/reference-service/engines/image/preview.ts [size | WxH] [prompt ...]
 * One PNG per prompt x style in /tmp/previews, plus sheet.png (all of them, small) and timings.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { IMAGE_STYLES, generateImage } from './text-to-image';

const DEFAULT_PROMPTS = [
  'a cat sitting in a flower meadow at sunset',
  'snowy mountains above a calm lake at dawn',
  'cyberpunk city at night, neon lights',
  '海边的日落，一艘帆船',
  'a red heart',
  'logo of a fox-orange cat, sticker',
];

const OUT = '/tmp/previews';
const TILE = 256;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const [width, height] = (args[0] ?? '1024').split('x').map(Number);
  const w = width || 1024;
  const h = height || w;
  const prompts = args.length > 1 ? args.slice(1) : DEFAULT_PROMPTS;
  await mkdir(OUT, { recursive: true });
  const tiles: Array<{ input: Buffer; left: number; top: number }> = [];
  for (const [p, prompt] of prompts.entries()) {
    for (const [s, style] of IMAGE_STYLES.entries()) {
      const started = performance.now();
      const png = await generateImage({ style, prompt, width: w, height: h, background: 'auto', seed: 42 });
      const ms = Math.round(performance.now() - started);
      const file = `${OUT}/${p}-${style}.png`;
      await writeFile(file, png);
      console.log(`${file}  ${ms} ms  ${(png.length / 1024).toFixed(0)} KiB  "${prompt}"`);
      const tile = await sharp(png).resize(TILE, TILE, { fit: 'contain', background: '#ffffff' }).flatten({ background: '#9a9a9a' }).png().toBuffer();
      tiles.push({ input: tile, left: s * TILE, top: p * TILE });
    }
  }
  await sharp({ create: { width: TILE * IMAGE_STYLES.length, height: TILE * prompts.length, channels: 3, background: '#ffffff' } })
    .composite(tiles)
    .png()
    .toFile(`${OUT}/sheet.png`);
  console.log(`${OUT}/sheet.png`);
}

await main();
