import { analyzePrompt } from '../generate/prompt';
import { type RawImage, createRng, hashSeed, toSharp } from '../pixels/raw';
import { drawSubject } from '../generate/scene/catalog';
import { type Ctx, place, range } from '../generate/scene/context';
import { gull } from '../generate/scene/creatures';
import { sparkle, star5 } from '../generate/scene/objects';
import { cloudShape, crescentPath, glow, paintRainbow } from '../generate/scene/sky';
import { paintRain, paintSnowfall } from '../generate/scene/weather';
import { rasterize } from '../generate/styles/filters';
import { Svg, fill, n } from '../generate/svg';
import { buildTheme } from '../generate/theme';

/** Where each kind of element likes to sit, as a fraction of the height: sky things high, animals low. */
const SKY = new Set(['sun', 'moon', 'stars', 'cloud', 'rainbow', 'bird', 'balloon']);
const FLOATING = new Set(['heart', 'butterfly', 'sparkles', 'fish']);
const preferredY = (id: string): number => (SKY.has(id) ? 0.18 : FLOATING.has(id) ? 0.4 : 0.78);
const OVERLAYS = new Set(['snow', 'rain']);
const PLACEABLE = new Set([...SKY, 'heart', 'flower', 'butterfly', 'cat', 'dog', 'tree', 'house', 'castle', 'boat', 'fish', 'sparkles']);
const SPARKLE_WORDS = ['sparkle', 'sparkles', 'sparkling', 'glitter', 'glittering', 'shine', 'shiny', 'shimmer', 'magic', 'magical', 'twinkle'];
const SPARKLE_ZH = ['闪光', '闪亮', '闪闪', '星光', '亮片', '魔法', '闪烁', '光芒'];

/** Local detail per cell of a coarse grid (0 = flat); low values are where added things will not clash. */
async function detailMap(img: RawImage, cols: number, rows: number): Promise<Float32Array> {
  const w = cols * 4;
  const h = rows * 4;
  const { data } = await toSharp(img).resize(w, h, { fit: 'fill' }).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
  const map = new Float32Array(cols * rows);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const g = Math.abs(data[p + 1] - data[p - 1]) + Math.abs(data[p + w] - data[p - w]);
      map[Math.floor(y / 4) * cols + Math.floor(x / 4)] += g / 16;
    }
  }
  return map;
}

interface Placer {
  spot(id: string, size: number): [number, number];
}

function placer(W: number, H: number, rng: () => number, detail: Float32Array | undefined, cols: number, rows: number): Placer {
  const taken: Array<[number, number, number]> = [];
  const busy = (x: number, y: number, r: number): number => {
    if (!detail) return 0;
    let sum = 0;
    let count = 0;
    const c0 = Math.max(0, Math.floor(((x - r) / W) * cols));
    const c1 = Math.min(cols - 1, Math.floor(((x + r) / W) * cols));
    const r0 = Math.max(0, Math.floor(((y - r) / H) * rows));
    const r1 = Math.min(rows - 1, Math.floor(((y + r) / H) * rows));
    for (let rr = r0; rr <= r1; rr++) for (let cc = c0; cc <= c1; cc++, count++) sum += detail[rr * cols + cc];
    return count ? sum / count : 0;
  };
  return {
    spot(id, size) {
      const want = preferredY(id);
      const r = size / 2;
      let best: [number, number] = [W / 2, H / 2];
      let bestScore = Infinity;
      for (let i = 0; i < 48; i++) {
        const x = range(rng, r, Math.max(r + 1, W - r));
        const y = range(rng, r, Math.max(r + 1, H - r * 1.15));
        const band = Math.abs(y / H - want);
        const crowd = taken.reduce((s, [tx, ty, tr]) => s + Math.max(0, 1 - Math.hypot(tx - x, ty - y) / (tr + r)), 0);
        // Detail is ~0-5 on flat areas and tens on edges and texture, so it dominates the choice.
        const score = busy(x, y, r) * 3 + band * 40 + crowd * 60;
        if (score < bestScore) {
          bestScore = score;
          best = [x, y];
        }
      }
      taken.push([best[0], best[1], r]);
      return best;
    },
  };
}

/**
 * A transparent layer with what the prompt asks to add (sun, hearts, snow...), to composite over an
 * image. With `image`, elements go where the picture is calm, sky things towards the top.
 */
export async function renderElements(o: {
  prompt: string;
  width: number;
  height: number;
  seed: number;
  image?: RawImage;
}): Promise<{ layer: RawImage; elements: string[] }> {
  const W = Math.max(1, Math.round(o.width));
  const H = Math.max(1, Math.round(o.height));
  const spec = analyzePrompt(o.prompt);
  const lower = (o.prompt ?? '').toLowerCase();
  const wantsSparkles = spec.words.some((w) => SPARKLE_WORDS.includes(w)) || SPARKLE_ZH.some((k) => lower.includes(k));
  const elements = spec.subjects.filter((s) => PLACEABLE.has(s) || OVERLAYS.has(s));
  if (wantsSparkles || elements.length === 0) elements.push('sparkles');

  const svg = new Svg(W, H);
  const rng = createRng(hashSeed('elements', o.seed, o.prompt ?? ''));
  // Added things are lit as in daylight: a "night" word should not dim the hearts being added.
  const theme = buildTheme({ ...spec, time: 'day' });
  const ctx: Ctx = { svg, rng, theme, spec, W, H, u: svg.u, horizon: H * 0.8, soft: true, mirrored: [] };
  const cols = 24;
  const rows = 24;
  const detail = o.image ? await detailMap(o.image, cols, rows) : undefined;
  const spots = placer(W, H, rng, detail, cols, rows);
  const s = Math.min(W, H);
  const plural = (id: string) => spec.words.some((w) => w === `${id}s` || w === `${id}es`);

  for (const id of elements) {
    if (id === 'snow') paintSnowfall(ctx, 380);
    else if (id === 'rain') paintRain(ctx, 500);
    else if (id === 'rainbow') paintRainbow(ctx);
    else if (id === 'sun') {
      const size = s * 0.2;
      const [x, y] = spots.spot(id, size * 2);
      glow(ctx, x, y, size * 2.6, [255, 230, 160], 0.7);
      svg.add(
        `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size / 2)}" ${fill(
          svg.radial([
            [0, [255, 252, 230]],
            [0.7, theme.bound.sun ?? [255, 220, 110]],
            [1, [255, 190, 80]],
          ]),
        )}/>`,
      );
    } else if (id === 'moon') {
      const size = s * 0.16;
      const [x, y] = spots.spot(id, size * 1.6);
      glow(ctx, x, y, size * 2, [230, 235, 255], 0.45);
      svg.add(`<path transform="translate(${n(x)} ${n(y)}) rotate(-25)" d="${crescentPath(size / 2, 0.7)}" ${fill(theme.bound.moon ?? [250, 244, 214])}/>`);
    } else if (id === 'stars' || id === 'sparkles') {
      const count = id === 'stars' ? 14 : 18;
      for (let i = 0; i < count; i++) {
        const size = s * range(rng, 0.025, i < 3 ? 0.09 : 0.05);
        const [x, y] = spots.spot(id === 'stars' ? 'stars' : 'sparkles', size);
        const c: [number, number, number] = theme.bound[id] ?? (rng() < 0.5 ? [255, 250, 235] : [255, 220, 120]);
        glow(ctx, x, y, size * 1.3, c, 0.5);
        svg.add(place(x, y, size, id === 'stars' ? star5(c) : sparkle(c), false, id === 'stars' ? range(rng, -15, 15) : 0));
      }
    } else if (id === 'cloud') {
      for (let i = 0; i < (plural('cloud') ? 3 : 2); i++) {
        const w = s * range(rng, 0.3, 0.45);
        const [x, y] = spots.spot(id, w);
        svg.add(cloudShape(ctx, x, y, w, theme.bound.cloud ?? [252, 253, 255], [205, 215, 235]));
      }
    } else if (id === 'bird') {
      const [cx, cy] = spots.spot(id, s * 0.35);
      for (let i = 0; i < 7; i++)
        svg.add(
          place(
            cx + range(rng, -0.15, 0.15) * s,
            cy + range(rng, -0.08, 0.08) * s,
            s * range(rng, 0.03, 0.06),
            gull([45, 45, 55]),
            rng() < 0.5,
            range(rng, -15, 15),
          ),
        );
    } else {
      const copies = plural(id) ? 4 : id === 'flower' || id === 'butterfly' ? 3 : 1;
      for (let i = 0; i < copies; i++) {
        const d = drawSubject(ctx, id, i);
        if (!d) continue;
        const size = d.size * s * (i === 0 ? 1 : range(rng, 0.55, 0.85));
        const [x, y] = spots.spot(id, size);
        svg.add(place(x, d.grounded ? y + size / 2 : y, size, d.body, rng() < 0.5, d.grounded ? 0 : range(rng, -12, 12)));
      }
    }
  }
  const layer = await rasterize(svg.toString(), W, H);
  return { layer, elements };
}
