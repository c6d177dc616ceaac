// The bench page: the studio's real MaskEditor on a 4096×4096 image, plus the real export.
import Konva from 'konva';
import { useEffect, useReducer } from 'react';
import { createRoot } from 'react-dom/client';
import MaskEditor from '../../components/edit/mask-editor';
import { exportMaskPng } from '../../lib/edits/mask-export';
import { maskReducer, newHistory, type MaskHistory } from '../../lib/edits/mask-strokes';

const SIZE = 4096;

declare global {
  interface Window {
    bench: {
      history: () => MaskHistory;
      exportMask: () => Promise<{ ms: number; bytes: number }>;
      canvasFill: () => Promise<{ ms: number; bytes: number }>;
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

function App({ image }: { image: HTMLImageElement }) {
  const [history, dispatch] = useReducer(maskReducer, undefined, () => newHistory());
  useEffect(() => {
    current = history;
  }, [history]);
  return (
    <MaskEditor
      image={image}
      width={SIZE}
      height={SIZE}
      doc={history.present}
      masking
      mode="paint"
      radius={60}
      feather={Number(process.env.BENCH_PREVIEW_FEATHER ?? 8)}
      opacity={0.5}
      onStroke={(stroke) => dispatch({ type: 'stroke', stroke })}
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
  // Baseline frame: redraw everything with nothing new (what any frame costs at least).
  redraw() {
    const t0 = performance.now();
    for (const layer of Konva.stages[0].getLayers()) layer.draw();
    return performance.now() - t0;
  },
};

void picture().then((image) => {
  createRoot(document.getElementById('root')!).render(<App image={image} />);
  document.body.dataset.ready = '1';
});
