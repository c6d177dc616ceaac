// The bench page: the studio's real MaskEditor on a 4096×4096 image, plus the real export.
import Konva from 'konva';
import { useEffect, useReducer } from 'react';
import { createRoot } from 'react-dom/client';
import MaskEditor from '../../components/edit/mask-editor';
import { exportMaskPng } from '../../lib/edits/mask-export';
import { useMaskRaster } from '../../components/edit/use-mask-raster';
import { maskReducer, newHistory, type MaskHistory } from '../../lib/edits/mask-doc';
import { applyOp } from '../../lib/edits/mask-raster';
import { magicWand } from '../../lib/edits/mask-select';

const SIZE = 4096;

declare global {
  interface Window {
    bench: {
      history: () => MaskHistory;
      exportMask: () => Promise<{ ms: number; bytes: number }>;
      canvasFill: () => Promise<{ ms: number; bytes: number }>;
      selections: () => { wand: number; wandGlobal: number; pixelPass: number; lasso: number; maskFill: number; wandShare: number };
      redraw: () => number;
      frames: { work: number[]; intervals: number[]; recording: boolean };
    };
  }
}

function picture(): Promise<HTMLImageElement> {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE;
  const g = canvas.getContext('2d')!;
  const grad = g.createLinearGradient(0, 0, SIZE, SIZE);
  grad.addColorStop(0, '#1d4e89');
  grad.addColorStop(1, '#f6ae2d');
  g.fillStyle = grad;
  g.fillRect(0, 0, SIZE, SIZE);
  for (let i = 0; i < 400; i++) {
    g.fillStyle = `hsl(${(i * 37) % 360} 70% 55%)`;
    g.beginPath();
    g.arc((i * 997) % SIZE, (i * 613) % SIZE, 20 + (i % 90), 0, Math.PI * 2);
    g.fill();
  }
  const image = new Image();
  image.src = canvas.toDataURL('image/jpeg', 0.9);
  return image.decode().then(() => image);
}

let current: MaskHistory = newHistory();
let picture4096: HTMLImageElement;
let rgbaCache: Uint8ClampedArray | undefined;
/** The picture's pixels, read once (as the editor reads them for its wand). */
function pixels(): Uint8ClampedArray {
  if (!rgbaCache) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = SIZE;
    const g = canvas.getContext('2d', { willReadFrequently: true })!;
    g.drawImage(picture4096, 0, 0);
    rgbaCache = g.getImageData(0, 0, SIZE, SIZE).data;
  }
  return rgbaCache;
}

function App({ image }: { image: HTMLImageElement }) {
  const [history, dispatch] = useReducer(maskReducer, undefined, () => newHistory());
  const raster = useMaskRaster(history.present, SIZE, SIZE);
  useEffect(() => {
    current = history;
  }, [history]);
  return (
    <MaskEditor
      image={image}
      width={SIZE}
      height={SIZE}
      raster={raster}
      masking
      tool="brush"
      combine="add"
      radius={60}
      feather={Number(process.env.BENCH_PREVIEW_FEATHER ?? 8)}
      opacity={0.5}
      color="#ff2d6f"
      wand={{ tolerance: 24, contiguous: true }}
      onOp={(op) => dispatch({ type: 'apply', op })}
      labels={{ canvas: 'canvas', fit: 'Fit', actual: '100%', zoomIn: '+', zoomOut: '-' }}
    />
  );
}

// Frame work = pointer handling since the last frame + the layer draws of this frame.
const frames = { work: [] as number[], intervals: [] as number[], recording: false };
let pending = 0;
window.addEventListener('pointermove', () => (pending -= performance.now()), { capture: true });
window.addEventListener('pointermove', () => (pending += performance.now()));
const drawScene = Konva.Layer.prototype.drawScene;
Konva.Layer.prototype.drawScene = function (...args: Parameters<typeof drawScene>) {
  const t0 = performance.now();
  const out = drawScene.apply(this, args);
  pending += performance.now() - t0;
  return out;
};
let last = performance.now();
const loop = (now: number) => {
  if (frames.recording) {
    frames.work.push(pending);
    frames.intervals.push(now - last);
  }
  pending = 0;
  last = now;
  requestAnimationFrame(loop);
};
requestAnimationFrame(loop);

window.bench = {
  history: () => current,
  frames,
  async exportMask() {
    const t0 = performance.now();
    const png = await exportMaskPng(SIZE, SIZE, current.present, 8);
    return { ms: performance.now() - t0, bytes: png.length };
  },
  // Baseline: what the browser itself takes to fill a full-size canvas and encode it as PNG.
  async canvasFill() {
    const t0 = performance.now();
    const canvas = new OffscreenCanvas(SIZE, SIZE);
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#000';
    g.fillRect(0, 0, SIZE, SIZE);
    g.fillStyle = '#fff';
    g.fillRect(1000, 1000, 1200, 900);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return { ms: performance.now() - t0, bytes: blob.size };
  },
  // The selection tools' own work on the full 4096² image, each beside the least a pass over the
  // same pixels costs: reading every pixel once (the wand), filling the whole mask (the lasso).
  selections() {
    const time = (work: () => unknown) => {
      const t0 = performance.now();
      work();
      return performance.now() - t0;
    };
    const rgba = pixels();
    const u32 = new Uint32Array(rgba.buffer);
    let sink = 0;
    const pixelPass = time(() => {
      for (let i = 0; i < u32.length; i++) sink += u32[i] & 1;
    });
    // Five clicks on the gradient between the discs; the largest region picked is the one reported.
    let wand = 0;
    let wandShare = 0;
    for (const [x, y] of [
      [2048, 60],
      [60, 2048],
      [3000, 3000],
      [1200, 3500],
      [3900, 900],
    ]) {
      let picked: Uint8Array = new Uint8Array(0);
      const ms = time(() => (picked = magicWand(rgba, SIZE, SIZE, x, y, { tolerance: 24, contiguous: true })));
      const share = picked.reduce((n, v) => n + (v ? 1 : 0), 0) / picked.length;
      if (share > wandShare) [wand, wandShare] = [ms, share];
    }
    const wandGlobal = time(() => magicWand(rgba, SIZE, SIZE, 2048, 60, { tolerance: 24, contiguous: false }));
    // A 2,000-point lasso around most of the picture, its edge wavering like a hand's.
    const points: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const a = (i / 2000) * Math.PI * 2;
      const r = 1800 + 120 * Math.sin(a * 23) + 40 * Math.sin(a * 97);
      points.push(2048 + r * Math.cos(a), 2048 + r * Math.sin(a));
    }
    const mask = new Uint8Array(SIZE * SIZE);
    const lasso = time(() => applyOp(mask, SIZE, SIZE, { type: 'shape', combine: 'add', shape: { kind: 'polygon', points } }));
    const maskFill = time(() => mask.fill(255));
    return { wand, wandGlobal, pixelPass: pixelPass + (sink & 0), lasso, maskFill, wandShare };
  },
  // Baseline frame: redraw everything with nothing new (what any frame costs at least).
  redraw() {
    const t0 = performance.now();
    for (const layer of Konva.stages[0].getLayers()) layer.draw();
    return performance.now() - t0;
  },
};

void picture().then((image) => {
  picture4096 = image;
  createRoot(document.getElementById('root')!).render(<App image={image} />);
  document.body.dataset.ready = '1';
});
