// What every provider fake shares: an HTTP server on loopback, the calls it was sent (for tests to
// read), the faults a test queues (each taken by the next call that can fail), result files served
// from the fake's own origin that expire like the provider's, and the pictures it "makes".
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { defaultFfmpegPath } from '../../engines/video/render';
import type { MaskConvention, ProviderId } from '../../providers/types';

/** A failure the next call gets: how each provider words it is the fake's own business. */
export type FakeFault =
  | { kind: 'rate_limit'; retryAfter: number }
  | { kind: 'content_policy' }
  | { kind: 'auth' }
  | { kind: 'server_error' }
  /** The answer (or the task's completion) comes this much later. */
  | { kind: 'slow'; ms: number }
  /** A video task that fails at the provider (for its own reason, worded as the provider does). */
  | { kind: 'task_failed' };

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The JSON body, or the multipart form's fields (files as `{type, size, bytes}`). */
  body: unknown;
}

export interface FakeFile {
  type: string;
  size: number;
  bytes: Buffer;
}

export interface ProviderFake {
  provider: ProviderId;
  /** The fake's origin, e.g. http://127.0.0.1:41234. */
  origin: string;
  /** The API root an adapter (or SDK) is given as its base URL. */
  baseUrl: string;
  /** The one key it accepts; any other is refused as the provider refuses a bad key. */
  key: string;
  /** The secret half of its key pair, for providers that have one (Kling). */
  secret?: string;
  calls: RecordedCall[];
  faults: FakeFault[];
  /** Share of pixels outside the mask an edit changes (a model that leaks), 0 by default. */
  leak: number;
  /** How long a result URL lives (the provider's, shortened): 60 s by default. */
  fileTtlMs: number;
  /** Every result URL it has given out. */
  served: string[];
  /** How long a video task runs at the fake before it is done: 600 ms by default. */
  videoMs: number;
  /** Whether it calls a task's callback URL when the task ends (as the provider does): true by default. */
  callbacks: boolean;
  /** Every callback it sent: where, what, and the status it got back. */
  sentCallbacks: Array<{ url: string; body: unknown; status: number }>;
  close(): Promise<void>;
}

export interface FakeContext {
  fake: ProviderFake;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The body, read whole: JSON parsed, multipart split into fields. */
  body: unknown;
  /** Takes the next queued fault, if any. */
  fault(): FakeFault | undefined;
  /** Serves bytes at a URL on this origin until fileTtlMs from now; answers 403 (as a signed URL) after. */
  serve(bytes: Buffer, type?: string): string;
  json(status: number, body: unknown, headers?: Record<string, string>): void;
}

export type FakeRoute = (ctx: FakeContext) => Promise<void> | void;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return undefined;
  if (type.startsWith('application/json')) return JSON.parse(raw.toString('utf8'));
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    const fields: Record<string, string | FakeFile | Array<string | FakeFile>> = {};
    for (const [name, value] of form.entries()) {
      const item = typeof value === 'string' ? value : { type: value.type, size: value.size, bytes: Buffer.from(await value.arrayBuffer()) };
      const prior = fields[name];
      fields[name] = prior === undefined ? item : Array.isArray(prior) ? [...prior, item] : [prior, item];
    }
    return fields;
  }
  return raw.toString('utf8');
}

/** Starts a fake on 127.0.0.1 (a free port). `route` answers everything but the files it serves. */
export async function startFake(provider: ProviderId, apiPath: string, route: FakeRoute): Promise<ProviderFake> {
  const files = new Map<string, { bytes: Buffer; type: string; expiresAt: number }>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', fake.origin);
    try {
      const file = /^\/__files\/([0-9a-f]+)\.\w+$/.exec(url.pathname);
      if (file && req.method === 'GET') {
        const stored = files.get(file[1]);
        if (!stored) return void res.writeHead(404).end('not found');
        if (Date.now() >= stored.expiresAt)
          return void res
            .writeHead(403, { 'content-type': 'application/xml' })
            .end('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
        return void res.writeHead(200, { 'content-type': stored.type, 'content-length': stored.bytes.length }).end(stored.bytes);
      }
      const body = await readBody(req);
      // A test in another process steers the fake here: queue faults, set the leak.
      if (url.pathname === '/__fake/control' && req.method === 'POST') {
        const control = body as { faults?: FakeFault[]; leak?: number; videoMs?: number; callbacks?: boolean };
        fake.faults.push(...(control.faults ?? []));
        if (typeof control.leak === 'number') fake.leak = control.leak;
        if (typeof control.videoMs === 'number') fake.videoMs = control.videoMs;
        if (typeof control.callbacks === 'boolean') fake.callbacks = control.callbacks;
        return void res.writeHead(204).end();
      }
      fake.calls.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body });
      await route({
        fake,
        req,
        res,
        url,
        body,
        fault: () => fake.faults.shift(),
        serve(bytes, type = 'image/png') {
          const id = randomBytes(8).toString('hex');
          files.set(id, { bytes, type, expiresAt: Date.now() + fake.fileTtlMs });
          const url = `${fake.origin}/__files/${id}.${type.split('/')[1]}`;
          fake.served.push(url);
          return url;
        },
        json(status, payload, headers = {}) {
          res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
        },
      });
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `fake ${provider} failed: ${(error as Error).message}` } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: ProviderFake = {
    provider,
    origin,
    baseUrl: `${origin}${apiPath}`,
    key: `fake-${provider}-${randomBytes(12).toString('hex')}`,
    calls: [],
    faults: [],
    leak: 0,
    fileTtlMs: 60_000,
    served: [],
    videoMs: 600,
    callbacks: true,
    sentCallbacks: [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** A request the fake refuses: not its shape. The message says what is wrong, as the providers' 400s do. */
export class WireError extends Error {}

/** Checks a parsed body against a schema, answering 400 with the issues when it does not fit. */
export function wire<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { message: string } } }, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new WireError(parsed.error.message);
  return parsed.data;
}

const hash = (...parts: Array<string | number | Buffer>) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(typeof p === 'number' ? String(p) : p);
  return h.digest();
};

/** A picture "made" from a prompt: a gradient of two colours drawn from the prompt and seed (the same inputs, the same file). */
export async function fakePicture(prompt: string, width: number, height: number, seed = 0, transparent = false): Promise<Buffer> {
  const h = hash(prompt, seed);
  const [a, b] = [h.subarray(0, 3), h.subarray(3, 6)];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="rgb(${a[0]},${a[1]},${a[2]})"/><stop offset="1" stop-color="rgb(${b[0]},${b[1]},${b[2]})"/></linearGradient></defs>
    ${transparent ? '' : `<rect width="100%" height="100%" fill="url(#g)"/>`}
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="${transparent ? 'url(#g)' : `rgb(${h[6]},${h[7]},${h[8]})`}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * An edit "made" by a fake: inside the mask (read in the provider's convention) the picture is
 * tinted towards a colour drawn from the prompt; without a mask the whole picture is. `leak` of the
 * pixels outside the mask change too (picked by the seed), as a model that repaints everything does.
 * The answer has the input's size.
 */
export async function fakeEdit(image: Buffer, mask: Buffer | null, convention: MaskConvention, prompt: string, seed = 0, leak = 0): Promise<Buffer> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const weights = mask ? await maskWeights(mask, convention, info.width, info.height) : null;
  const h = hash(prompt, seed);
  const tint = [h[0], h[1], h[2]];
  let state = h.readUInt32BE(4) || 1;
  for (let p = 0; p < info.width * info.height; p++) {
    let w = weights ? weights[p] : 1;
    if (w === 0 && leak > 0) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      if ((state >>> 0) / 2 ** 32 < leak) w = 0.5;
    }
    if (w === 0) continue;
    for (let c = 0; c < 3; c++) data[p * 4 + c] = Math.round(data[p * 4 + c] * (1 - w * 0.8) + tint[c] * w * 0.8);
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A mask as weights 0..1 per pixel: white (luminance) or OpenAI's alpha (0 = edit). */
export async function maskWeights(mask: Buffer, convention: MaskConvention, width: number, height: number): Promise<Float32Array> {
  const { data, info } = await sharp(mask).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height) throw new WireError(`mask is ${info.width}x${info.height}, image is ${width}x${height}`);
  const out = new Float32Array(width * height);
  for (let p = 0; p < out.length; p++) {
    out[p] = convention === 'alpha' ? 1 - data[p * 4 + 3] / 255 : (data[p * 4] * 0.299 + data[p * 4 + 1] * 0.587 + data[p * 4 + 2] * 0.114) / 255;
  }
  return out;
}

export const sizeOf = async (png: Buffer) => {
  const meta = await sharp(png).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
};

const videos = new Map<string, Promise<Buffer>>();

/**
 * A video "made" from a prompt: an MP4 (H.264, with an AAC track when `audio`) of the size and
 * length asked, made once per shape with the service's own ffmpeg and kept for the process's life.
 */
export function fakeVideo(width: number, height: number, seconds: number, audio = false): Promise<Buffer> {
  const key = `${width}x${height}:${seconds}:${audio}`;
  let made = videos.get(key);
  if (!made) {
    made = encodeFakeVideo(width, height, seconds, audio);
    made.catch(() => videos.delete(key));
    videos.set(key, made);
  }
  return made;
}

async function encodeFakeVideo(width: number, height: number, seconds: number, audio: boolean): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fake-video-'));
  const out = path.join(dir, 'video.mp4');
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=12:duration=${seconds}`];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`, '-c:a', 'aac', '-b:a', '64k');
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', out);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(defaultFfmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${stderr.slice(0, 300)}`))));
    });
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Posts a callback as a provider does (JSON), records it on the fake, and never throws: a callback may go nowhere. */
export async function sendCallback(fake: ProviderFake, url: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  const text = JSON.stringify(body);
  const status = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: text,
    signal: AbortSignal.timeout(10_000),
  })
    .then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    })
    .catch(() => 0);
  fake.sentCallbacks.push({ url, body, status });
  return status;
}
