// The provider layer's one interface: what an adapter for a real image provider does, and the
// failures it may report. The layer (run.ts) does the rest: sizes (decisions.md row 18), masks in the
// provider's convention, deadlines, a rate limit's Retry-After, and copying every file it gets into
// the service's own store.
import type { EditKind } from '../engines/edit/edit-kind';

export const PROVIDERS = ['openai', 'dashscope', 'fal', 'replicate', 'google'] as const;
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

export type AdapterFactory = (connection: ProviderConnection) => ProviderAdapter;

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

/** A provider's adapter and the models it knows (the small default set an operator can extend). */
export interface ProviderDefinition {
  id: ProviderId;
  /** Its name as people know it: "OpenAI", "Alibaba DashScope", … */
  name: string;
  /** The API root by default (the operator may point it elsewhere). */
  baseUrl: string;
  /** The environment variable that holds the key, by default. */
  keyEnv: string;
  models: Record<string, ModelCapabilities>;
  adapter: AdapterFactory;
}
