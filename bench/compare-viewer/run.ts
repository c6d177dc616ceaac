// `npm run bench:compare-viewer`: the board's full-screen viewer in Chromium with the GPU off, four
// 4096×4096 images side by side, zoomed in and panned by dragging: the frame interval while panning
// against the idle frame loop of the same page, measured in the same run.
import { bundlePage, launchChromium, median, ms, p95, printRows } from '../support/browser';

const bundle = await bundlePage('bench/compare-viewer/page.tsx', 'esm');
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  // No Tailwind here: the few layout rules the viewer's frame relies on.
  const css = `
    .fixed{position:fixed}.inset-0{inset:0}.absolute{position:absolute}.relative{position:relative}.grid{display:grid}
    .h-full{height:100%}.w-full{width:100%}.overflow-hidden{overflow:hidden}.min-h-0{min-height:0}.min-w-0{min-width:0}
    .object-contain{object-fit:contain}.origin-top-left{transform-origin:0 0}.gap-2{gap:8px}.p-2{padding:8px}
    .grid-rows-\\[auto_minmax\\(0\\,1fr\\)\\]{grid-template-rows:auto minmax(0,1fr)}`;
  await page.setContent(`<!doctype html><style>${css}</style><body style="margin:0;background:#111"><div id="root"></div></body>`);
  await page.addScriptTag({ content: bundle, type: 'module' });
  await page.waitForSelector('body[data-ready="1"]', { state: 'attached', timeout: 120_000 });
  const pane = (await page.locator('[data-pane]').first().boundingBox())!;
  const cx = pane.x + pane.width / 2;
  const cy = pane.y + pane.height / 2;
  await page.mouse.move(cx, cy);
  for (let i = 0; i < 2; i++) await page.mouse.wheel(0, -300); // e^0.6 a step: about 3.3×
  await page.waitForTimeout(500);

  const record = async (work: () => Promise<void>) => {
    await page.evaluate(() => {
      window.viewerBench.frames.intervals.length = 0;
      window.viewerBench.frames.recording = true;
    });
    await work();
    return page.evaluate(() => {
      window.viewerBench.frames.recording = false;
      return [...window.viewerBench.frames.intervals];
    });
  };
  const transform = () =>
    page
      .locator('[data-viewer-image]')
      .first()
      .evaluate((img) => (img as HTMLElement).style.transform);
  const idle = await record(() => page.waitForTimeout(2000));
  const before = await transform();
  const panning = await record(async () => {
    // Back and forth across the pane, one pointer move per frame or so, for about three seconds.
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let s = 0; s < 180; s++) {
      const t = (s / 180) * Math.PI * 4;
      await page.mouse.move(cx + Math.sin(t) * pane.width * 0.4, cy + Math.cos(t) * pane.height * 0.3);
    }
    await page.mouse.up();
  });
  // The pan really moved the pictures (else the figures below would measure nothing).
  if ((await transform()) === before) throw new Error(`panning left the view at ${before}`);
  const zoom = await page.locator('[data-testid="viewer-zoom"]').textContent();
  console.log(`compare viewer: 4 × 4096×4096 side by side at ${zoom}, GPU disabled, 1600×900`);
  const rows = [
    ['panning: p95 frame interval', ms(p95(panning)), `${panning.length} frames, median ${ms(median(panning))}; target < 20 ms`],
    ['baseline: idle frame loop p95', ms(p95(idle)), `panning = ${(p95(panning) / p95(idle)).toFixed(2)} × baseline`],
  ];
  printRows(rows, 40);
} finally {
  await browser.close();
}
