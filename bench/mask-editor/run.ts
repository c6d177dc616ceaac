// `npm run bench:mask-editor`: the mask editor in Chromium on a 4096×4096 image: frame work while
// painting and the full-resolution mask export, each against a baseline measured in the same run.
import { bundlePage, launchChromium, median, ms, p95, printRows } from '../support/browser';

const bundle = await bundlePage('bench/mask-editor/page.tsx', 'iife', {
  'process.env.BENCH_PREVIEW_FEATHER': JSON.stringify(process.env.BENCH_PREVIEW_FEATHER ?? '8'),
});
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // No Tailwind here: just the few layout classes the editor's frame relies on.
  const css =
    '.relative{position:relative}.absolute{position:absolute}.inset-0{inset:0}.h-full{height:100%}.w-full{width:100%}.overflow-hidden{overflow:hidden}.right-2{right:8px}.bottom-2{bottom:8px}';
  await page.setContent(
    `<!doctype html><style>${css}</style><body style="margin:0"><div id="root" style="position:relative;width:1200px;height:860px"></div></body>`,
  );
  await page.addScriptTag({ content: bundle });
  await page.waitForSelector('body[data-ready="1"] [data-testid="mask-canvas"] canvas');
  await page.waitForTimeout(500);

  const stroke = async (i: number, steps: number) => {
    const y = 80 + ((i * 37) % 700);
    await page.mouse.move(60, y);
    await page.mouse.down();
    for (let s = 1; s <= steps; s++) await page.mouse.move(60 + (s / steps) * 1000, y + Math.sin(s / 6) * 60);
    await page.mouse.up();
  };
  // Twenty strokes already on the mask, as in real work; then measure painting a long one.
  for (let i = 0; i < 20; i++) await stroke(i, 40);

  const idle = await page.evaluate(async () => {
    const { frames } = window.bench;
    frames.work.length = frames.intervals.length = 0;
    frames.recording = true;
    await new Promise((r) => setTimeout(r, 2000));
    frames.recording = false;
    const redraws: number[] = [];
    for (let i = 0; i < 60; i++) redraws.push(window.bench.redraw());
    return { intervals: [...frames.intervals], redraws };
  });

  await page.evaluate(() => {
    const { frames } = window.bench;
    frames.work.length = frames.intervals.length = 0;
    frames.recording = true;
  });
  await stroke(21, 600);
  const painting = await page.evaluate(() => {
    const { frames } = window.bench;
    frames.recording = false;
    return { work: frames.work.filter((w) => w > 0), intervals: [...frames.intervals], strokes: window.bench.history().present.ops.length };
  });

  const exports: number[] = [];
  const fills: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const e = await page.evaluate(() => window.bench.exportMask());
    const f = await page.evaluate(() => window.bench.canvasFill());
    exports.push(e.ms);
    fills.push(f.ms);
    bytes = e.bytes;
  }

  const selections: Array<ReturnType<Window['bench']['selections']>> = [];
  for (let i = 0; i < 7; i++) selections.push(await page.evaluate(() => window.bench.selections()));
  const med = (key: keyof (typeof selections)[number]) => median(selections.map((s) => s[key]));

  const rows = [
    ['painting: p95 work per frame (pointer handling + layer draws)', ms(p95(painting.work)), `${painting.work.length} frames; target < 16 ms`],
    ['baseline: p95 full redraw of the stage, nothing new', ms(p95(idle.redraws)), `${(p95(painting.work) / p95(idle.redraws)).toFixed(2)} × baseline`],
    ['painting: p95 frame interval', ms(p95(painting.intervals)), `idle frame loop p95 ${ms(p95(idle.intervals))}`],
    ['export 4096² mask (rasterise + feather 8 px + PNG)', ms(median(exports)), `median of 5, ${(bytes / 1024).toFixed(0)} KiB; target < 500 ms`],
    ['baseline: full-size canvas fill + PNG encode', ms(median(fills)), `export = ${(median(exports) / median(fills)).toFixed(2)} × baseline`],
    [
      'magic wand, contiguous, tolerance 24 (scanline flood fill)',
      ms(med('wand')),
      `median of 7, ${(med('wandShare') * 100).toFixed(0)} % of the image picked; target < 150 ms`,
    ],
    ['magic wand, global', ms(med('wandGlobal')), `${(med('wandGlobal') / med('pixelPass')).toFixed(2)} × baseline`],
    ['baseline: one read of every pixel', ms(med('pixelPass')), `wand = ${(med('wand') / med('pixelPass')).toFixed(2)} × baseline`],
    ['lasso fill, 2,000 points, most of the image', ms(med('lasso')), 'median of 7; target < 50 ms'],
    ['baseline: filling the whole mask', ms(med('maskFill')), `lasso = ${(med('lasso') / med('maskFill')).toFixed(2)} × baseline`],
  ];
  console.log(`mask editor, 4096×4096, ${painting.strokes} operations, brush 120 px`);
  printRows(rows, 64);
} finally {
  await browser.close();
}
