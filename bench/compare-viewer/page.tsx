// The bench page: the board's real CompareViewer on four 4096×4096 images, and a frame-interval recorder.
import { createRoot } from 'react-dom/client';
import { CompareViewer, type ViewerItem } from '../../components/compare/compare-viewer';

const SIZE = 4096;

declare global {
  interface Window {
    viewerBench: { frames: { intervals: number[]; recording: boolean } };
  }
}

/** A busy 4096² picture (gradient and 400 discs), one hue per pane, as a PNG object URL. */
async function picture(hue: number): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE;
  const g = canvas.getContext('2d')!;
  const grad = g.createLinearGradient(0, 0, SIZE, SIZE);
  grad.addColorStop(0, `hsl(${hue} 60% 30%)`);
  grad.addColorStop(1, `hsl(${(hue + 90) % 360} 80% 60%)`);
  g.fillStyle = grad;
  g.fillRect(0, 0, SIZE, SIZE);
  for (let i = 0; i < 400; i++) {
    g.fillStyle = `hsl(${(hue + i * 37) % 360} 70% 55%)`;
    g.beginPath();
    g.arc((i * 997) % SIZE, (i * 613) % SIZE, 20 + (i % 90), 0, Math.PI * 2);
    g.fill();
  }
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return URL.createObjectURL(blob);
}

const labels = {
  title: 'Compare',
  close: 'Close',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  reset: 'Fit',
  single: 'One image',
  sideBySide: 'Side by side',
  swipe: 'Swipe',
  divider: 'Divider',
  keys: '',
  previous: 'Previous',
  next: 'Next',
  position: '{model} · {n} of {count}',
  page: 'Image {n} of {count}',
  left: 'Left',
  right: 'Right',
};

window.viewerBench = { frames: { intervals: [], recording: false } };
let last = performance.now();
const loop = (now: number) => {
  if (window.viewerBench.frames.recording) window.viewerBench.frames.intervals.push(now - last);
  last = now;
  requestAnimationFrame(loop);
};
requestAnimationFrame(loop);

const items: ViewerItem[] = await Promise.all(
  [0, 90, 180, 270].map(async (hue, i) => ({ key: String(i), model: `model ${i + 1}`, n: 1, count: 1, src: await picture(hue) })),
);
createRoot(document.getElementById('root')!).render(<CompareViewer items={items} labels={labels} onClose={() => {}} />);
await new Promise((r) => setTimeout(r, 100));
await Promise.all([...document.querySelectorAll('img')].map((img) => img.decode()));
document.body.dataset.ready = '1';
