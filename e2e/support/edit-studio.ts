import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { visit } from './accounts';

export const KIND_NAMES = {
  background: 'Background replacement',
  style: 'Style conversion',
  upscale: 'Upscale / enhance',
  local: 'Local modification',
  remove: 'Object removal',
  add: 'Add elements',
} as const;
export type Kind = keyof typeof KIND_NAMES;

/** The studio specs' picture (testPng's default size) and a stroke across its red block, in image pixels. */
export const W = 640;
export const H = 480;
export const STROKE: Array<[number, number]> = [
  [210, 200],
  [330, 240],
  [300, 330],
];

/** A test picture with structure (gradient, a block, a disc), lossless so pixels compare exactly. */
export async function testPng(width = W, height = H): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const block = x > width * 0.3 && x < width * 0.55 && y > height * 0.35 && y < height * 0.75;
      const disc = (x - width * 0.72) ** 2 + (y - height * 0.4) ** 2 < (height * 0.12) ** 2;
      raw[i] = block ? 200 : disc ? 250 : Math.round((x / width) * 180) + 30;
      raw[i + 1] = block ? 60 : disc ? 210 : Math.round((y / height) * 150) + 60;
      raw[i + 2] = block ? 50 : disc ? 40 : 160 + ((x ^ y) & 15);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Decoded pixels of a team asset, fetched as the signed-in user. */
export async function assetPixels(request: APIRequestContext, id: string, channels: 1 | 3 = 3) {
  const response = await request.get(`/api/assets/${id}?download=1`);
  expect(response.status()).toBe(200);
  const bytes = await response.body();
  const meta = await sharp(bytes).metadata();
  let pipeline = sharp(bytes);
  pipeline = channels === 1 ? pipeline.extractChannel(0) : pipeline.removeAlpha().toColourspace('srgb');
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels, format: meta.format, sourceChannels: meta.channels };
}

/** The edit studio, as a user drives it. */
export class EditStudio {
  readonly canvas: Locator;
  readonly submit: Locator;
  readonly result: Locator;
  constructor(readonly page: Page) {
    this.canvas = page.getByTestId('mask-canvas');
    this.submit = page.getByRole('button', { name: 'Apply edit' });
    this.result = page.getByTestId('edit-result');
  }

  /** Opens the studio and waits until it is live: a file picked before it hydrates is lost. */
  async open(query = '') {
    await visit(this.page, `/edit${query}`);
  }

  /**
   * Picks the file through the chooser's label (English), or through its input in any language; waits
   * `within` ms for the canvas (a photo the server converts or fits takes its upload and a decode).
   */
  async upload(png: Buffer, name = 'test.png', input = this.page.getByLabel('Choose image'), mimeType = 'image/png', within = 10_000) {
    await input.setInputFiles({ name, mimeType, buffer: png });
    await expect(this.canvas).toBeVisible({ timeout: within });
  }

  async chooseKind(kind: Kind) {
    await this.page.getByRole('radio', { name: new RegExp(KIND_NAMES[kind]) }).check({ force: true });
  }

  /** Drags the mouse through image-pixel points (the canvas fits the image with a 16 px margin). */
  async paint(natural: { width: number; height: number }, points: Array<[number, number]>) {
    const box = (await this.canvas.boundingBox())!;
    const zoom = Math.min((box.width - 32) / natural.width, (box.height - 32) / natural.height);
    const ox = box.x + (box.width - natural.width * zoom) / 2;
    const oy = box.y + (box.height - natural.height * zoom) / 2;
    const at = ([x, y]: [number, number]) => [ox + x * zoom, oy + y * zoom] as const;
    await this.page.mouse.move(...at(points[0]));
    await this.page.mouse.down();
    for (const p of points.slice(1)) await this.page.mouse.move(...at(p), { steps: 8 });
    await this.page.mouse.up();
  }

  async ids() {
    await expect(this.result).toBeVisible({ timeout: 45_000 });
    return {
      generation: (await this.result.getAttribute('data-generation'))!,
      result: (await this.result.getAttribute('data-result-asset'))!,
      original: (await this.result.getAttribute('data-original-asset'))!,
      mask: (await this.result.getAttribute('data-mask-asset')) || null,
    };
  }
}
