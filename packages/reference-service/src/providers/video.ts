// The provider layer for video: a provider's task made the interface's. Submitting translates the
// request (the duration always named, so what is priced is what is made); each poll's answer is
// already a VideoState (the adapter's translation); here a finished task becomes a record: its file
// copied into the service's store before the provider's 24-hour URL dies, its cost settled on what
// the provider reports it billed, a failure's reason kept in the provider's words, and nothing
// charged for a failed, refused or cancelled task (decisions.md row 19).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { roundCny, videoCost, type Resolution } from '../catalog';
import type { VideoBinding } from './registry';
import { attempt, serviceErrorOf } from './run';
import { ProviderFailure, type AspectRatio, type VideoState, type VideoUsage } from './types';

/** The largest video the service copies from a provider (a 10-second 1080p clip is tens of MB). */
const MAX_VIDEO_BYTES = 2 * 1024 ** 3;

export interface VideoRequest {
  prompt: string;
  duration: number;
  resolution: Resolution;
  audio: boolean;
  aspect_ratio: AspectRatio;
}

/** Creates the task at the provider; a refusal is the request's (row 19: 429, 400 content_policy, 502). */
export async function submitVideo(binding: VideoBinding, params: VideoRequest, callbackUrl: string | undefined, deadlineAt: number): Promise<string> {
  const { capabilities, model, providerName, video } = binding;
  try {
    return await attempt(providerName, deadlineAt, (signal) =>
      video.submit({
        model,
        prompt: params.prompt,
        duration: params.duration,
        resolution: params.resolution,
        aspectRatio: params.aspect_ratio,
        audio: params.audio && capabilities.audio,
        seed: undefined,
        callbackUrl,
        signal,
      }),
    );
  } catch (error) {
    throw error instanceof ProviderFailure ? serviceErrorOf(error) : error;
  }
}

/** A failed state's error as the task record carries it: the provider's reason in its words. */
export function taskError(state: Extract<VideoState, { status: 'failed' }>, providerName: string): { code: string; message: string } {
  const code = state.reason === 'rate_limited' || state.reason === 'provider_auth' ? 'provider_error' : state.reason;
  return { code, message: `${providerName}: ${state.message}` };
}

export type CostBasis =
  { cost_basis: 'price_table' } | { cost_basis: 'video_duration'; video_duration: number } | { cost_basis: 'total_tokens'; total_tokens: number };

interface PricedModel {
  price: { per_second: Partial<Record<Resolution, number>>; audio_per_second: number; per_million_tokens?: number };
}

/**
 * What a completed task costs. Where the provider reports what it billed (DashScope's seconds, Ark's
 * tokens when the model has a token price), that figure at the catalog's price; otherwise the price
 * table on what was asked. The basis goes into the record's usage so a bill can be checked.
 */
export function settledCost(model: PricedModel, params: VideoRequest, usage: VideoUsage | undefined): { cost: number; basis: CostBasis } {
  const perMillion = model.price.per_million_tokens;
  if (usage?.totalTokens !== undefined && perMillion !== undefined) {
    return { cost: roundCny((usage.totalTokens * perMillion) / 1_000_000), basis: { cost_basis: 'total_tokens', total_tokens: usage.totalTokens } };
  }
  const price = model as Parameters<typeof videoCost>[0];
  if (usage?.videoSeconds !== undefined) {
    return {
      cost: videoCost(price, usage.videoSeconds, params.resolution, params.audio),
      basis: { cost_basis: 'video_duration', video_duration: usage.videoSeconds },
    };
  }
  return { cost: videoCost(price, params.duration, params.resolution, params.audio), basis: { cost_basis: 'price_table' } };
}

/**
 * Copies a provider's result file to `dest`, streaming, and checks it is an MP4 (an `ftyp` box first):
 * a provider's error page saved as the video would be served for 7 days.
 */
export async function copyVideo(url: string, dest: string, signal: AbortSignal): Promise<void> {
  const res = await fetch(url, { signal });
  if (!res.ok || !res.body) throw new ProviderFailure('provider_error', `the result file answered ${res.status}`);
  let bytes = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > MAX_VIDEO_BYTES ? new ProviderFailure('provider_error', 'the result file is larger than 2 GB') : null, chunk);
    },
  });
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), cap, createWriteStream(dest), { signal });
  const head = Buffer.alloc(8);
  const file = await open(dest);
  try {
    await file.read(head, 0, 8, 0);
  } finally {
    await file.close();
  }
  if (head.toString('latin1', 4, 8) !== 'ftyp') throw new ProviderFailure('provider_error', 'the result file is not an MP4 video');
}

/** The token a provider's callback URL carries: only the service could have made it for this task. */
export const callbackToken = (secret: string, taskId: string) => createHmac('sha256', secret).update(`provider-callback:${taskId}`).digest('base64url');

export function callbackTokenMatches(secret: string, taskId: string, token: string | null): boolean {
  const expected = Buffer.from(callbackToken(secret, taskId));
  const given = Buffer.from(token ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
