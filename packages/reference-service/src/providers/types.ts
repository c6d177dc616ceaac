// The provider layer's one interface: what an adapter for a real image provider does, and the
// failures it may report. The layer (run.ts) does the rest: sizes (decisions.md row 18), masks in the
// provider's convention, deadlines, a rate limit's Retry-After, and copying every file it gets into
// the service's own store.
import type { EditKind } from '../engines/edit/edit-kind';
import type { ASPECT_RATIOS, RESOLUTIONS } from '../requests';

export const PROVIDERS = ['openai', 'dashscope', 'fal', 'replicate', 'google', 'ark', 'kling'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

/**
 * How a provider reads an edit mask. `alpha`: an RGBA PNG whose alpha is 0 where to edit (OpenAI);
 * `white`: a greyscale PNG, white where to edit (ours, DashScope, fal, Replicate's fills);
 * `none`: the model takes no mask, so masked kinds (local, remove) are refused.
 */
export type MaskConvention = 'alpha' | 'white' | 'none';

/** Where an adapter sends its calls and with which key (an operator's credential, from the environment). */
export interface ProviderConnection {
  /** The provider's API root (the SDK's `baseURL`), e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey: string;
  /** The second half of a key pair, for providers that sign their own tokens (Kling's secret key). */
  secret?: string;
}

export interface GenerateCall {
  /** The provider's own model id, e.g. `gpt-image-1`. */
  model: string;
  prompt: string;
  /** One of the model's native sizes (the layer has already picked it). */
  width: number;
  height: number;
  n: number;
  /** Sent only when the model takes a seed. */
  seed: number | undefined;
  /** Only `transparent` when the model can make one; `opaque` otherwise. */
  background: 'transparent' | 'opaque';
  signal: AbortSignal;
}

export interface EditCall {
  model: string;
  prompt: string;
  kind: EditKind;
  /** A PNG at the size to render (a native size, or the original's when the model takes any). */
  image: Buffer;
  /** A PNG of the same size in the model's convention (already converted), or null. */
  mask: Buffer | null;
  width: number;
  height: number;
  seed: number | undefined;
  signal: AbortSignal;
}

/**
 * An adapter: translates one call into the provider's wire format, waits for it (polling an
 * asynchronous task when the provider has one) and returns the image files' bytes. A file the
 * provider gives as a URL is downloaded at once: its URL may die within the hour.
 */
export interface ProviderAdapter {
  generate(call: GenerateCall): Promise<Buffer[]>;
  /** Absent when the provider has no edit model. */
  edit?(call: EditCall): Promise<Buffer>;
  /** Absent when the provider has no video model. */
  video?: VideoAdapter;
}

export type Resolution = (typeof RESOLUTIONS)[number];
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export interface VideoCall {
  /** The provider's own model id, e.g. `wan2.5-t2v-preview`. */
  model: string;
  prompt: string;
  /** Seconds, always sent: when the request named none, the model's own default (so what is priced is what is made). */
  duration: number;
  resolution: Resolution;
  aspectRatio: AspectRatio;
  /** Only true when the model makes sound. */
  audio: boolean;
  /** Sent only when the model takes a seed. */
  seed: number | undefined;
  /**
   * Where the provider may call when the task ends (only a nudge to poll sooner: polling always runs).
   * Undefined when the service has no address a provider could reach.
   */
  callbackUrl: string | undefined;
  signal: AbortSignal;
}

/** What a provider reported for a finished task, when it reports it (the settled cost is then this figure). */
export interface VideoUsage {
  /** DashScope's `usage.video_duration`: the seconds it bills. */
  videoSeconds?: number;
  /** Ark's `usage.total_tokens`: the tokens it bills. */
  totalTokens?: number;
}

/** A provider's task, translated into the interface's three states (row 6). */
export type VideoState =
  | {
      status: 'processing';
      /** 0 to 100, where the provider says it; the layer keeps the task's progress from ever going back. */
      progress?: number;
    }
  | { status: 'completed'; url: string; usage?: VideoUsage }
  | {
      status: 'failed';
      /** `cancelled`: the provider (or its operator) cancelled it. */
      reason: ProviderFailureReason | 'cancelled';
      /** The provider's own reason, in its words (never a key). */
      message: string;
    };

/** A provider's task, as the service keeps it to poll: which model (some providers poll per model) and its id there. */
export interface ProviderTaskRef {
  model: string;
  id: string;
}

/**
 * A video adapter: submits a task and reads it, each in one HTTP call, so that the service can keep
 * the provider's task id on disk in between and carry on polling after a restart. Failures of the
 * call itself (a refused key, a rate limit, a 5xx) are thrown as ProviderFailure; a task that failed
 * is a `failed` state.
 */
export interface VideoAdapter {
  /** Creates the task; the provider's id for it. */
  submit(call: VideoCall): Promise<string>;
  poll(task: ProviderTaskRef, signal: AbortSignal): Promise<VideoState>;
  /** Cancels a task the service gives up on (its deadline), where the provider can. */
  cancel?(task: ProviderTaskRef, signal: AbortSignal): Promise<void>;
  /**
   * Whether a callback's request comes from the provider, for providers that sign theirs (fal,
   * Replicate). Absent: the provider signs nothing, and the callback URL's own token is all there is.
   */
  verifyCallback?(callback: { headers: Headers; body: string }): Promise<boolean>;
}

export type ProviderFailureReason = 'rate_limited' | 'content_policy' | 'provider_auth' | 'timeout' | 'provider_error';

/** What went wrong at the provider, in decisions.md row 19's terms. Its message never holds a key. */
export class ProviderFailure extends Error {
  constructor(
    readonly reason: ProviderFailureReason,
    message: string,
    /** For `rate_limited`: the provider's Retry-After, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}

/** The adapter of a provider that only makes videos (Ark, Kling). */
export interface VideoOnlyAdapter {
  video: VideoAdapter;
}

export type AnyAdapter = ProviderAdapter | VideoOnlyAdapter;

export type AdapterFactory<A extends AnyAdapter = ProviderAdapter> = (connection: ProviderConnection) => A;

/** What a provider's model can do: its catalog entry's defaults, which the providers file may override. */
export interface ModelCapabilities {
  kind: 'image' | 'edit';
  /** The provider's model id when it is not this entry's key (one model that both generates and edits has two entries). */
  model?: string;
  /** Native sizes as `WxH`; null when it takes any size whose sides are at most `maxSide`. */
  sizes: string[] | null;
  /** With any size: the bounds of a side (the layer scales the picture into them and the answer back). */
  minSide?: number;
  maxSide?: number;
  /** The most images one call can make. */
  maxN: number;
  /** Whether it makes a transparent background when asked. */
  transparency: boolean;
  /** Whether it takes a seed (and so gives the same file for the same one). */
  seed: boolean;
  /** Edit models: how they read a mask, and which of the six kinds they do. */
  mask?: MaskConvention;
  editKinds?: EditKind[];
}

/** What a provider's video model can do. */
export interface VideoModelCapabilities {
  kind: 'video';
  /** The provider's model id when it is not this entry's key. */
  model?: string;
  /** The durations it takes, in seconds. */
  durations: number[];
  /** What it makes when no duration is sent: an omitted duration is priced (and asked for) at this, not at ours. */
  defaultDuration: number;
  resolutions: Resolution[];
  aspectRatios: AspectRatio[];
  /** Whether it makes a soundtrack when asked. */
  audio: boolean;
  seed: boolean;
}

/** A provider's adapter and the models it knows (the small default set an operator can extend). */
export interface ProviderDefinition<A extends AnyAdapter = ProviderAdapter> {
  id: ProviderId;
  /** Its name as people know it: "OpenAI", "Alibaba DashScope", … */
  name: string;
  /** The API root by default (the operator may point it elsewhere). */
  baseUrl: string;
  /** The environment variable that holds the key, by default. */
  keyEnv: string;
  /** For providers with a key pair: the variable that holds the secret half. */
  secretEnv?: string;
  models: Record<string, ModelCapabilities | VideoModelCapabilities>;
  adapter: AdapterFactory<A>;
}
