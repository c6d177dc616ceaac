import { z } from 'zod';
import type { Cost } from './cost';
import { usageSchema } from './usage';

export type VideoTaskStatus = 'processing' | 'completed' | 'failed';

/** The reference's three states and the other names services use for them (decisions rows 5, 6). */
const STATUS_NAMES: Record<string, VideoTaskStatus> = {
  processing: 'processing',
  queued: 'processing',
  in_progress: 'processing',
  pending: 'processing',
  running: 'processing',
  completed: 'completed',
  succeeded: 'completed',
  success: 'completed',
  failed: 'failed',
  error: 'failed',
  cancelled: 'failed',
  canceled: 'failed',
};

/** Unknown states read as processing: the task is polled again rather than given up on. */
export const isKnownTaskStatus = (raw: string) => raw.trim().toLowerCase() in STATUS_NAMES;
const mapStatus = (raw: string): VideoTaskStatus => STATUS_NAMES[raw.trim().toLowerCase()] ?? 'processing';

/**
 * Percent 0..100 from 40, "40%", "40" or 0.4. A number strictly between 0 and 1 is read as a
 * fraction; exactly 1 stays 1 %, since a finished task says so by its status.
 */
export function toPercent(value: number | string | null | undefined): number | undefined {
  if (value == null || value === '') return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  const percentSign = text.endsWith('%');
  const n = typeof value === 'number' ? value : Number(percentSign ? text.slice(0, -1) : text);
  if (!Number.isFinite(n)) return undefined;
  const percent = !percentSign && n > 0 && n < 1 ? n * 100 : n;
  return Math.round(Math.min(100, Math.max(0, percent)) * 100) / 100;
}

/** Unix seconds from seconds, milliseconds or an ISO date. */
function toUnixSeconds(value: number | string | null | undefined): number | undefined {
  if (value == null || value === '') return undefined;
  const n = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value) ? Number(value) : Date.parse(value) / 1000;
  if (!Number.isFinite(n)) return undefined;
  return Math.floor(n > 1e12 ? n / 1000 : n);
}

const seconds = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish();

const recordSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  model: z.string().nullish(),
  progress: z.union([z.number(), z.string()]).nullish(),
  estimated_remaining: seconds,
  estimated_time: seconds,
  video_url: z.string().nullish(),
  expires_at: z.union([z.number(), z.string()]).nullish(),
  usage: usageSchema.nullish(),
  error: z.union([z.string(), z.object({ message: z.string().nullish(), code: z.union([z.string(), z.number()]).nullish() })]).nullish(),
});

/** Some services wrap the record: `{"data": {...}}`. The record itself always has a status. */
const unwrap = (body: unknown) => {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  return isObject(body) && !('status' in body) && isObject(body.data) ? body.data : body;
};

export interface VideoTaskView {
  id: string;
  status: VideoTaskStatus;
  /** The status exactly as the service wrote it. */
  rawStatus: string;
  /** 0..100 as reported; keeping it monotone across polls is the caller's job. */
  progress: number;
  model?: string;
  /** Seconds, while processing. */
  estimatedRemaining?: number;
  videoUrl?: string;
  /** Unix seconds after which videoUrl stops working. */
  expiresAt?: number;
  cost?: Cost;
  error?: { message: string; code?: string };
}

function toTask(raw: z.output<typeof recordSchema>): VideoTaskView {
  let status = mapStatus(raw.status);
  let error: { message: string; code?: string } | undefined;
  if (status === 'completed' && !raw.video_url) {
    // Nothing to show or archive: for the app this task failed.
    status = 'failed';
    error = { message: 'The task completed without a video URL.', code: 'no_result' };
  } else if (status === 'failed') {
    const e = typeof raw.error === 'string' ? { message: raw.error } : (raw.error ?? {});
    error = { message: e.message || `The video task ended with status "${raw.status}".` };
    if (e.code != null) error.code = String(e.code);
  }
  const task: VideoTaskView = {
    id: raw.id,
    status,
    rawStatus: raw.status,
    progress: status === 'completed' ? 100 : (toPercent(raw.progress) ?? 0),
  };
  const estimatedRemaining = raw.estimated_remaining ?? raw.estimated_time;
  const expiresAt = toUnixSeconds(raw.expires_at);
  if (raw.model) task.model = raw.model;
  if (status === 'processing' && estimatedRemaining != null) task.estimatedRemaining = estimatedRemaining;
  if (status === 'completed') task.videoUrl = raw.video_url!;
  if (status === 'completed' && expiresAt !== undefined) task.expiresAt = expiresAt;
  if (raw.usage) task.cost = raw.usage;
  if (error) task.error = error;
  return task;
}

/** A video task as created (interface 2.3) or polled (2.4), in the app's shape. */
export const videoTaskSchema = z.preprocess(unwrap, recordSchema).transform(toTask);

export type VideoTask = z.output<typeof videoTaskSchema>;
