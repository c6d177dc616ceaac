// Pan and zoom of a picture in a box: the one set of formulas the studio's canvas and the board's
// viewer share. A view puts the picture's pixel (0, 0) at (x, y) of the box and scales it by `zoom`.

export interface View {
  zoom: number;
  x: number;
  y: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface ZoomLimits {
  min: number;
  max: number;
}

/** The studio's canvas: from a 4096² picture fitted into a phone to a pixel 16 screen pixels wide. */
export const MIN_ZOOM = 0.02;
export const MAX_ZOOM = 16;
export const CANVAS_ZOOM: ZoomLimits = { min: MIN_ZOOM, max: MAX_ZOOM };

export const clampZoom = (zoom: number, { min, max }: ZoomLimits) => Math.max(min, Math.min(max, zoom));

/** Zooms by `factor` about a point of the box, which stays where it is. */
export function zoomAbout(view: View, factor: number, at: Point, limits: ZoomLimits): View {
  const zoom = clampZoom(view.zoom * factor, limits);
  const k = zoom / view.zoom;
  return { zoom, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k };
}

export const panBy = (view: View, dx: number, dy: number): View => ({ zoom: view.zoom, x: view.x + dx, y: view.y + dy });

/** The whole picture, centred, `pad` pixels clear of the box's edges. */
export function fitView(box: Size, picture: Size, pad: number, limits: ZoomLimits): View {
  const zoom = clampZoom(Math.min((box.width - 2 * pad) / picture.width, (box.height - 2 * pad) / picture.height), limits);
  return { zoom, x: (box.width - picture.width * zoom) / 2, y: (box.height - picture.height * zoom) / 2 };
}

/** One picture pixel a screen pixel, centred. */
export const actualSize = (box: Size, picture: Size): View => ({ zoom: 1, x: (box.width - picture.width) / 2, y: (box.height - picture.height) / 2 });

/** The picture's point under a point of the box. */
export const toPicture = (at: Point, view: View): Point => ({ x: (at.x - view.x) / view.zoom, y: (at.y - view.y) / view.zoom });

/** Two fingers: their centre and how far apart they are. */
export interface Span {
  centre: Point;
  distance: number;
}

export const spanOf = (a: Point, b: Point): Span => ({ centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, distance: Math.hypot(a.x - b.x, a.y - b.y) });

/**
 * A pinch from `start` (the view when the second finger landed, the fingers then at `from`): the
 * zoom follows the fingers' spread, and the picture's point under their first centre follows their centre.
 */
export function pinchView(start: View, from: Span, to: Span, limits: ZoomLimits): View {
  const zoom = clampZoom(start.zoom * (to.distance / Math.max(1, from.distance)), limits);
  const held = toPicture(from.centre, start);
  return { zoom, x: to.centre.x - held.x * zoom, y: to.centre.y - held.y * zoom };
}

/** A view that keeps a picture filling its box (zoom 1 = fitted) covering it: no panning past an edge. */
export function coverBox(view: View, box: Size, limits: ZoomLimits): View {
  const zoom = clampZoom(view.zoom, limits);
  const minX = box.width - box.width * zoom;
  const minY = box.height - box.height * zoom;
  return { zoom, x: Math.min(0, Math.max(minX, view.x)), y: Math.min(0, Math.max(minY, view.y)) };
}
