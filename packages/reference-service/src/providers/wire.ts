// What every adapter reads off a provider's answer the same way: a JSON error body, a Retry-After,
// a picture to bring home as PNG, and a message that must never carry the operator's key.
import sharp from 'sharp';
import { readBodyUpTo } from '../capped-body';
import { ProviderFailure } from './types';

/** A body as JSON, or undefined when it is none (an HTML error page, an empty answer). */
export function parseJson(text: string | undefined | null): any {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The most a provider may send, per kind of answer: a provider is a stranger, and its bytes are
 * read under a cap, never whole into memory first. Videos stream to disk under their own 2 GB cap (video.ts).
 */
export const PROVIDER_BYTES = {
  /** A JSON answer (a task, a prediction, an error with its detail). */
  answer: 4 * 1024 * 1024,
  /** An error body: only its first part is read, for the log and the code. */
  error: 16 * 1024,
  /** A result picture. */
  image: 50 * 1024 * 1024,
};

/**
 * A provider's answer body, read to at most `maxBytes`: refused before reading when it declares
 * more in content-length, and cut off (the connection dropped) the moment a body without one goes past.
 */
export async function readCapped(res: Response, maxBytes: number, what: string): Promise<Uint8Array> {
  const tooLarge = () => new ProviderFailure('provider_error', `${what} is larger than ${maxBytes} bytes.`);
  // Refused unread, the answer would go on coming into the socket: the connection is dropped first.
  if (Number(res.headers.get('content-length') ?? NaN) > maxBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  return readBodyUpTo(res, maxBytes, tooLarge);
}

/** An error body's first `maxBytes` as text: what is past them is not read. */
export const errorText = async (res: Response, maxBytes = PROVIDER_BYTES.error): Promise<string> => new TextDecoder().decode(await readBodyUpTo(res, maxBytes));

/** A JSON answer read under the answer cap: its text, and its value (undefined when it is no JSON). */
export async function readAnswer(res: Response, what: string): Promise<{ text: string; json: any }> {
  const text = res.ok ? new TextDecoder().decode(await readCapped(res, PROVIDER_BYTES.answer, what)) : await errorText(res);
  return { text, json: parseJson(text) };
}

/** Retry-After in whole seconds: a number or an HTTP date (RFC 9110). */
export function retryAfterSeconds(value: string | null | undefined): number | undefined {
  if (value === undefined || value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The message with every occurrence of the key cut out, whoever wrote it (a provider may echo it). */
export const redact = (message: string, apiKey: string) => (apiKey ? message.split(apiKey).join('[redacted]') : message);

/**
 * A call to `provider` whose every failure leaves as a ProviderFailure with its secrets cut out
 * (`scrub`), whoever wrote the message; an aborted call is a `timeout`.
 */
export const guarded =
  (provider: string, scrub: (message: string) => string) =>
  async <T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (signal.aborted) throw new ProviderFailure('timeout', `${provider} did not answer in time.`);
      if (error instanceof ProviderFailure) throw new ProviderFailure(error.reason, scrub(error.message), error.retryAfterSeconds);
      throw new ProviderFailure('provider_error', scrub(`${provider} failed: ${(error as Error).message}`));
    }
  };

/**
 * A provider's picture (PNG, JPEG or WebP) as PNG, and at `size` when one is given (a provider that
 * answers near the size asked, as Gemini and Qwen do); a file that is no picture is the provider's error.
 */
export async function asPng(bytes: Uint8Array, provider: string, size?: { width: number; height: number }): Promise<Buffer> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw new ProviderFailure('provider_error', `${provider} answered with a file that is not a picture.`);
    });
  const resize = size && (meta.width !== size.width || meta.height !== size.height);
  if (meta.format === 'png' && !resize) return Buffer.from(bytes);
  const image = sharp(bytes);
  return (resize ? image.resize(size.width, size.height, { fit: 'fill' }) : image).png().toBuffer();
}

/** A mask that opens the whole picture to the edit (white everywhere): for fill models that need one when none is painted. */
export const openMask = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
