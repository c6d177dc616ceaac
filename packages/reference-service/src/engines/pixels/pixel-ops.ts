import sharp, { type Sharp } from 'sharp';
import { toSharp, type RawImage } from './raw';

/**
 * Typed-array helpers shared by the edit engines. Colour work happens on packed RGB so that sharp never
 * sees the alpha band: sharp premultiplies around filters and zeroes the colour of transparent pixels,
 * and every engine promises to hand the caller's alpha back untouched.
 */

export interface RgbPlanes {
  rgb: Buffer;
  alpha: Buffer;
  width: number;
  height: number;
}

export function splitAlpha(img: RawImage): RgbPlanes {
  const n = img.width * img.height;
  const rgb = Buffer.allocUnsafe(n * 3);
  const alpha = Buffer.allocUnsafe(n);
  const src = img.data;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const s = i * 4;
    rgb[j] = src[s];
    rgb[j + 1] = src[s + 1];
    rgb[j + 2] = src[s + 2];
    alpha[i] = src[s + 3];
  }
  return { rgb, alpha, width: img.width, height: img.height };
}

export function joinAlpha(rgb: Uint8Array, alpha: Uint8Array, width: number, height: number): RawImage {
  const n = width * height;
  const data = Buffer.allocUnsafe(n * 4);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const d = i * 4;
    data[d] = rgb[j];
    data[d + 1] = rgb[j + 1];
    data[d + 2] = rgb[j + 2];
    data[d + 3] = alpha[i];
  }
  return { data, width, height };
}

export function rgbSharp(rgb: Uint8Array, width: number, height: number): Sharp {
  return sharp(rgb, { raw: { width, height, channels: 3 }, limitInputPixels: false });
}

export function graySharp(gray: Uint8Array, width: number, height: number): Sharp {
  return sharp(gray, { raw: { width, height, channels: 1 }, limitInputPixels: false });
}

/** Runs a pipeline and insists on packed 3-channel sRGB back, whatever the pipeline did to the bands. */
export async function toRgb(pipeline: Sharp): Promise<Buffer> {
  return pipeline.toColourspace('srgb').removeAlpha().raw().toBuffer();
}

/** Single-band output; grayscale pipelines would otherwise come back as whatever sharp infers. */
export async function toGray(pipeline: Sharp): Promise<Buffer> {
  return pipeline.extractChannel(0).raw().toBuffer();
}

/** Rec. 709 luma on gamma-encoded values: cheap, and what the eye reads as "the picture". */
/** Blows a grid of RGB cells (gw wide, one per `block`×`block` square) up to a full-size RGB image. */
export function expandBlocks(cells: Uint8Array, gw: number, block: number, width: number, height: number): Buffer {
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / block) * gw;
    for (let x = 0, j = y * width * 3; x < width; x++, j += 3) {
      const s = (row + Math.floor(x / block)) * 3;
      out[j] = cells[s];
      out[j + 1] = cells[s + 1];
      out[j + 2] = cells[s + 2];
    }
  }
  return out;
}

export function lumaPlane(rgb: Uint8Array, n: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) out[i] = 0.2126 * rgb[j] + 0.7152 * rgb[j + 1] + 0.0722 * rgb[j + 2];
  return out;
}

export function lumaBytes(rgb: Uint8Array, n: number): Buffer {
  const out = Buffer.allocUnsafe(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) out[i] = (54 * rgb[j] + 183 * rgb[j + 1] + 19 * rgb[j + 2] + 128) >> 8;
  return out;
}

/**
 * Box mean with edge clamping, O(1) a pixel whatever the radius: the big smoothing radii the styles want at
 * 4096 px would make a true Gaussian the dominant cost.
 */
export function boxBlur(src: Float32Array, width: number, height: number, radius: number): Float32Array {
  const r = Math.max(0, Math.round(radius));
  if (r === 0) return src.slice();
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const inv = 1 / (2 * r + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[row + Math.min(width - 1, Math.max(0, k))];
    for (let x = 0; x < width; x++) {
      tmp[row + x] = acc * inv;
      acc += src[row + Math.min(width - 1, x + r + 1)] - src[row + Math.max(0, x - r)];
    }
  }
  // Vertical pass walks rows with a running sum per column, so memory is read in order.
  const acc = new Float64Array(width);
  for (let k = -r; k <= r; k++) {
    const row = Math.min(height - 1, Math.max(0, k)) * width;
    for (let x = 0; x < width; x++) acc[x] += tmp[row + x];
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const add = Math.min(height - 1, y + r + 1) * width;
    const sub = Math.max(0, y - r) * width;
    for (let x = 0; x < width; x++) {
      out[row + x] = acc[x] * inv;
      acc[x] += tmp[add + x] - tmp[sub + x];
    }
  }
  return out;
}

/** Sobel gradient magnitude; borders reuse the nearest interior pixel. */
export function sobel(src: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    const ym = (y > 0 ? y - 1 : 0) * width;
    const y0 = y * width;
    const yp = (y < height - 1 ? y + 1 : y) * width;
    for (let x = 0; x < width; x++) {
      const xm = x > 0 ? x - 1 : 0;
      const xp = x < width - 1 ? x + 1 : x;
      const gx = src[ym + xp] + 2 * src[y0 + xp] + src[yp + xp] - src[ym + xm] - 2 * src[y0 + xm] - src[yp + xm];
      const gy = src[yp + xm] + 2 * src[yp + x] + src[yp + xp] - src[ym + xm] - 2 * src[ym + x] - src[ym + xp];
      out[y0 + x] = Math.sqrt(gx * gx + gy * gy);
    }
  }
  return out;
}

/** Multiplicative darkening towards the corners; 1 at the centre. */
export function vignette(width: number, height: number, strength: number): Float32Array {
  const out = new Float32Array(width * height);
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const norm = 1 / (cx * cx + cy * cy || 1);
  for (let y = 0; y < height; y++) {
    const dy = (y - cy) * (y - cy);
    for (let x = 0; x < width; x++) {
      const d = ((x - cx) * (x - cx) + dy) * norm;
      // d is the squared radius (1 at the corners): flat in the middle, falling off fast near the edge.
      out[y * width + x] = 1 - strength * d * (0.35 + 0.65 * d);
    }
  }
  return out;
}

/** Zero-mean noise, softened so grain reads as film or paper rather than per-pixel static. */
export function grain(width: number, height: number, rng: () => number, softness: number): Float32Array {
  const n = width * height;
  const raw = new Float32Array(n);
  for (let i = 0; i < n; i++) raw[i] = rng() + rng() - 1;
  if (softness <= 0) return raw;
  const soft = boxBlur(raw, width, height, softness);
  // Box averaging shrinks the variance; scale back so callers can think in amplitude.
  const gain = 2 * softness + 1;
  for (let i = 0; i < n; i++) soft[i] *= gain;
  return soft;
}

/** A length scale that makes effects look the same at 256 px and 4096 px. */
export function scaleOf(width: number, height: number): number {
  return Math.max(1, Math.min(width, height) / 512);
}

/**
 * Smooth value noise into `out` (width x height, row-major): a value from `sample()` at each point of
 * a lattice `cell` px apart, smoothstep-interpolated between them. O(n) and cheap whatever the cell
 * size, unlike blurring white noise to get the same blotches.
 */
export function latticeNoise<T extends Float32Array | Uint8Array>(out: T, width: number, height: number, cell: number, sample: () => number): T {
  const c = Math.max(1, cell);
  const gw = Math.ceil(width / c) + 2;
  const gh = Math.ceil(height / c) + 2;
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = sample();
  const fx = new Float32Array(width);
  const ix = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    const u = x / c;
    ix[x] = Math.floor(u);
    const t = u - ix[x];
    fx[x] = t * t * (3 - 2 * t);
  }
  for (let y = 0; y < height; y++) {
    const v = y / c;
    const iy = Math.floor(v);
    let ty = v - iy;
    ty = ty * ty * (3 - 2 * ty);
    const r0 = iy * gw;
    const r1 = r0 + gw;
    for (let x = 0; x < width; x++) {
      const k = ix[x];
      const t = fx[x];
      const top = grid[r0 + k] + (grid[r0 + k + 1] - grid[r0 + k]) * t;
      const bottom = grid[r1 + k] + (grid[r1 + k + 1] - grid[r1 + k]) * t;
      out[y * width + x] = top + (bottom - top) * ty;
    }
  }
  return out;
}

/** Smooth value noise in [-1, 1] with features about `cell` px across. */
export function valueNoise(width: number, height: number, cell: number, rng: () => number): Float32Array {
  return latticeNoise(new Float32Array(width * height), width, height, cell, () => rng() * 2 - 1);
}

/**
 * Value noise stretched along one diagonal (`along` px) and tight across it (`across` px): reads as
 * brush bristle or paper fibre rather than blotches.
 */
export function streakNoise(width: number, height: number, along: number, across: number, rng: () => number): Float32Array {
  const k = Math.SQRT1_2;
  const uSpan = ((width + height) * k) / along;
  const vSpan = ((width + height) * k) / across;
  const gw = Math.ceil(uSpan) + 2;
  const gh = Math.ceil(vSpan) + 2;
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = rng() * 2 - 1;
  const out = new Float32Array(width * height);
  const vOffset = (width * k) / across;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = ((x + y) * k) / along;
      const v = ((y - x) * k) / across + vOffset;
      const iu = Math.floor(u);
      const iv = Math.floor(v);
      let tu = u - iu;
      let tv = v - iv;
      tu = tu * tu * (3 - 2 * tu);
      tv = tv * tv * (3 - 2 * tv);
      const r0 = iv * gw + iu;
      const r1 = r0 + gw;
      const top = grid[r0] + (grid[r0 + 1] - grid[r0]) * tu;
      const bottom = grid[r1] + (grid[r1 + 1] - grid[r1]) * tu;
      out[y * width + x] = top + (bottom - top) * tv;
    }
  }
  return out;
}

/**
 * Gives fully transparent pixels the colour of the nearest visible area. Their colour is invisible,
 * but filters (sharpening, edge detection, blurs, back-projection) look across the alpha edge and would
 * otherwise drag the (usually black) hidden colour into the semi-transparent rim as a dark fringe.
 * Colours come from a premultiplied mip chain, so each hole takes the average of the closest pixels.
 */
export async function bleedIntoTransparent(img: RawImage): Promise<RawImage> {
  const { data, width, height } = img;
  let holes = 0;
  let visible = 0;
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] === 0) holes++;
    else visible++;
  }
  if (holes === 0 || visible === 0) return img;
  const levels: RawImage[] = [];
  for (let prev = img; prev.width > 1 || prev.height > 1;) {
    const w = Math.max(1, prev.width >> 1);
    const h = Math.max(1, prev.height >> 1);
    prev = { data: await toSharp(prev).resize(w, h, { fit: 'fill', kernel: 'linear' }).raw().toBuffer(), width: w, height: h };
    levels.push(prev);
  }
  const out = Buffer.from(data);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const j = (y * width + x) * 4;
      if (out[j + 3] !== 0) continue;
      for (const level of levels) {
        const lx = Math.min(level.width - 1, Math.floor((x * level.width) / width));
        const ly = Math.min(level.height - 1, Math.floor((y * level.height) / height));
        const k = (ly * level.width + lx) * 4;
        if (level.data[k + 3] === 0) continue;
        out[j] = level.data[k];
        out[j + 1] = level.data[k + 1];
        out[j + 2] = level.data[k + 2];
        break;
      }
    }
  }
  return { data: out, width, height };
}
