import { createRng, type RawImage } from '../../pixels/raw';
import { sceneSvg } from '../scene-svg';
import { blur, clampByte, rasterize } from './filters';
import type { StyleInput } from './types';

type Pt = [number, number];

/** Cells across the short side: coarse enough to read as low-poly, fine enough to keep subjects. */
const CELLS = 18;
const SAMPLE = 640;

interface Sampler {
  /** Mean RGBA over a few points inside the triangle. */
  color(a: Pt, b: Pt, c: Pt): [number, number, number, number];
  /** Colour spread inside a quad: where subjects have edges, cells are split finer. */
  spread(a: Pt, b: Pt, c: Pt, d: Pt): number;
}

function sampler(img: RawImage, sx: number, sy: number): Sampler {
  const at = (x: number, y: number): number => {
    const px = Math.min(img.width - 1, Math.max(0, Math.round(x * sx)));
    const py = Math.min(img.height - 1, Math.max(0, Math.round(y * sy)));
    return (py * img.width + px) * 4;
  };
  const d = img.data;
  return {
    color(a, b, c) {
      const gx = (a[0] + b[0] + c[0]) / 3;
      const gy = (a[1] + b[1] + c[1]) / 3;
      const pts: Pt[] = [[gx, gy]];
      for (const v of [a, b, c]) pts.push([(gx * 2 + v[0]) / 3, (gy * 2 + v[1]) / 3], [(gx + v[0] * 2) / 3, (gy + v[1] * 2) / 3]);
      const sum = [0, 0, 0, 0];
      for (const [x, y] of pts) {
        const i = at(x, y);
        const w = d[i + 3];
        sum[0] += d[i] * w;
        sum[1] += d[i + 1] * w;
        sum[2] += d[i + 2] * w;
        sum[3] += w;
      }
      const k = sum[3] || 1;
      return [sum[0] / k, sum[1] / k, sum[2] / k, sum[3] / pts.length];
    },
    spread(a, b, c, e) {
      let min = 765;
      let max = 0;
      for (let s = 0; s < 9; s++) {
        const u = (s % 3) / 2;
        const v = Math.floor(s / 3) / 2;
        const x = (a[0] * (1 - u) + b[0] * u) * (1 - v) + (e[0] * (1 - u) + c[0] * u) * v;
        const y = (a[1] * (1 - u) + b[1] * u) * (1 - v) + (e[1] * (1 - u) + c[1] * u) * v;
        const i = at(x, y);
        const l = d[i] + d[i + 1] + d[i + 2] + (255 - d[i + 3]);
        min = Math.min(min, l);
        max = Math.max(max, l);
      }
      return max - min;
    },
  };
}

/** Scanline fill, pixel centres inside the triangle (edges inclusive, so neighbours never leave gaps). */
function fillTriangle(out: Buffer, width: number, height: number, a: Pt, b: Pt, c: Pt, rgba: number[]): void {
  const [p0, p1, p2] = [a, b, c].sort((m, n) => m[1] - n[1]);
  const y0 = Math.max(0, Math.ceil(p0[1] - 0.5));
  const y1 = Math.min(height - 1, Math.floor(p2[1] - 0.5 + 1e-9) + 1);
  const edgeX = (p: Pt, q: Pt, y: number) => (q[1] === p[1] ? Math.min(p[0], q[0]) : p[0] + ((q[0] - p[0]) * (y - p[1])) / (q[1] - p[1]));
  for (let y = y0; y <= y1 && y < height; y++) {
    const raw = y + 0.5;
    if (raw < p0[1] - 0.5 || raw > p2[1] + 0.5) continue;
    // Rows just outside the span use the vertex's own span instead of extrapolating an edge.
    const cy = Math.min(p2[1], Math.max(p0[1], raw));
    const xa = edgeX(p0, p2, cy);
    const xb = cy < p1[1] ? edgeX(p0, p1, cy) : edgeX(p1, p2, cy);
    const lo = Math.max(0, Math.floor(Math.min(xa, xb)));
    const hi = Math.min(width - 1, Math.ceil(Math.max(xa, xb)));
    let o = (y * width + lo) * 4;
    for (let x = lo; x <= hi; x++, o += 4) {
      out[o] = rgba[0];
      out[o + 1] = rgba[1];
      out[o + 2] = rgba[2];
      out[o + 3] = rgba[3];
    }
  }
}

/**
 * Low-poly: a jittered grid split into triangles, each filled with the scene colour sampled inside it
 * and shaded as a facet of a gently bumpy surface. Quads with strong colour spread (subject edges)
 * are split into four so subjects keep their silhouette.
 */
export async function renderMosaic(input: StyleInput): Promise<RawImage> {
  const { width, height, mode, styleSeed } = input;
  const scale = Math.min(1, SAMPLE / Math.max(width, height));
  const sw = Math.max(16, Math.round(width * scale));
  const sh = Math.max(16, Math.round(height * scale));
  // Softened first, so specks (stars, meadow dots) neither tint whole facets nor force subdivision.
  const scene = await blur(await rasterize(sceneSvg({ spec: input.spec, seed: input.sceneSeed, width: sw, height: sh, mode }), sw, sh), 1.2);
  const cutout = mode === 'cutout';
  const s = sampler(scene, sw / width, sh / height);
  const rng = createRng(styleSeed);
  const cell = Math.min(width, height) / CELLS;
  const cols = Math.max(1, Math.round(width / cell));
  const rows = Math.max(1, Math.round(height / cell));
  const cw = width / cols;
  const ch = height / rows;
  const grid: Pt[][] = [];
  const z: number[][] = [];
  for (let r = 0; r <= rows; r++) {
    grid.push([]);
    z.push([]);
    for (let c = 0; c <= cols; c++) {
      const jx = c === 0 || c === cols ? 0 : (rng() - 0.5) * cw * 0.7;
      const jy = r === 0 || r === rows ? 0 : (rng() - 0.5) * ch * 0.7;
      grid[r].push([c * cw + jx, r * ch + jy]);
      z[r].push(rng());
    }
  }
  const out = Buffer.alloc(width * height * 4);
  const light = [-0.45, -0.65, 0.62];
  const shadeOf = (a: Pt, b: Pt, c: Pt, za: number, zb: number, zc: number): number => {
    // Facet normal of the bumpy surface, lit from the upper left.
    const h = cell * 0.55;
    const ux = b[0] - a[0];
    const uy = b[1] - a[1];
    const uz = (zb - za) * h;
    const vx = c[0] - a[0];
    const vy = c[1] - a[1];
    const vz = (zc - za) * h;
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    if (nz < 0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
    }
    const len = Math.hypot(nx, ny, nz) || 1;
    return (nx * light[0] + ny * light[1] + nz * light[2]) / len;
  };
  const flat = shadeOf([0, 0], [1, 0], [0, 1], 0, 0, 0);
  const tri = (a: Pt, b: Pt, c: Pt, za: number, zb: number, zc: number) => {
    const [r, g, bl, al] = s.color(a, b, c);
    if (cutout && al < 128) return;
    const k = 1 + (shadeOf(a, b, c, za, zb, zc) - flat) * 0.14;
    fillTriangle(out, width, height, a, b, c, [clampByte(r * k), clampByte(g * k), clampByte(bl * k), 255]);
  };
  const quad = (a: Pt, b: Pt, c: Pt, d: Pt, za: number, zb: number, zc: number, zd: number, depth: number) => {
    if (depth < 3 && s.spread(a, b, c, d) > 110) {
      const mid = (p: Pt, q: Pt): Pt => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
      const ab = mid(a, b);
      const bc = mid(b, c);
      const cd = mid(c, d);
      const da = mid(d, a);
      const m: Pt = [
        (a[0] + b[0] + c[0] + d[0]) / 4 + (rng() - 0.5) * cw * 0.15 * 0.5 ** depth,
        (a[1] + b[1] + c[1] + d[1]) / 4 + (rng() - 0.5) * ch * 0.15 * 0.5 ** depth,
      ];
      const zm = rng();
      const zab = (za + zb) / 2;
      const zbc = (zb + zc) / 2;
      const zcd = (zc + zd) / 2;
      const zda = (zd + za) / 2;
      quad(a, ab, m, da, za, zab, zm, zda, depth + 1);
      quad(ab, b, bc, m, zab, zb, zbc, zm, depth + 1);
      quad(m, bc, c, cd, zm, zbc, zc, zcd, depth + 1);
      quad(da, m, cd, d, zda, zm, zcd, zd, depth + 1);
      return;
    }
    if (rng() < 0.5) {
      tri(a, b, c, za, zb, zc);
      tri(a, c, d, za, zc, zd);
    } else {
      tri(a, b, d, za, zb, zd);
      tri(b, c, d, zb, zc, zd);
    }
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      quad(grid[r][c], grid[r][c + 1], grid[r + 1][c + 1], grid[r + 1][c], z[r][c], z[r][c + 1], z[r + 1][c + 1], z[r + 1][c], 0);
    }
  }
  return { data: out, width, height };
}
