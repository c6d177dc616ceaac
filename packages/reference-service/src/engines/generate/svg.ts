import { hex } from '../pixels/colors';
import type { Rgb } from '../pixels/raw';

/** One decimal is sub-pixel at every size we render and keeps the SVG text small. */
export const n = (v: number): string => (Math.round(v * 10) / 10).toString();

export type Stop = [offset: number, color: Rgb, opacity?: number];

/**
 * Accumulates an SVG document. Deliberately avoids `opacity`, `filter` and `mask`: librsvg renders
 * each of those through a full-canvas offscreen surface, which costs seconds at 4096 px. Translucency
 * is always expressed as fill-opacity / stop-opacity instead.
 */
export class Svg {
  private defs: string[] = [];
  private body: string[] = [];
  private ids = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** The short side over 1000: every size in the scene is written in these units. */
  get u(): number {
    return Math.min(this.width, this.height) / 1000;
  }

  add(element: string): void {
    this.body.push(element);
  }

  private stops(stops: Stop[]): string {
    return stops
      .map(([o, c, a]) => `<stop offset="${n(o * 100)}%" stop-color="${hex(c)}"${a === undefined ? '' : ` stop-opacity="${Math.round(a * 100) / 100}"`}/>`)
      .join('');
  }

  /** A gradient along the object's own box; (x1,y1)->(x2,y2) in 0..1. Returns the fill reference. */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = `g${this.ids++}`;
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`);
    return `url(#${id})`;
  }

  /** A gradient in absolute user coordinates, for fills that must line up across shapes (sky, water). */
  linearAbs(stops: Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = `g${this.ids++}`;
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    const id = `g${this.ids++}`;
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${this.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  clipPath(d: string): string {
    const id = `c${this.ids++}`;
    this.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return `url(#${id})`;
  }

  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

export function fill(paint: string | Rgb, alpha = 1): string {
  const f = typeof paint === 'string' ? paint : hex(paint);
  return alpha >= 1 ? `fill="${f}"` : `fill="${f}" fill-opacity="${Math.round(alpha * 100) / 100}"`;
}

/** A closed polygon path through the points. */
export function poly(points: Array<[number, number]>): string {
  return `M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z`;
}

/**
 * A smooth closed-or-open path through the points (Catmull-Rom converted to cubic Béziers), so
 * hills and dunes can be described by a few control heights instead of hand-written curves.
 */
export function smoothPath(points: Array<[number, number]>): string {
  let d = `M${n(points[0][0])} ${n(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${n(c1x)} ${n(c1y)} ${n(c2x)} ${n(c2y)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}
