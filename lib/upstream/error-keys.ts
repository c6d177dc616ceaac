import type { UpstreamErrorKind } from './errors';

/**
 * What the service said, as a message the UI words in the user's language: a key of
 * `t.serverErrors`, from the error's code (decisions.md rows 1, 2, 4, 13) and else its kind.
 * Unknown codes have no key: the UI shows the service's own message.
 */
const BY_CODE: Record<string, UpstreamMessageKey> = {
  invalid_api_key: 'upstreamKey',
  missing_api_key: 'upstreamKey',
  model_not_found: 'upstreamModel',
  prompt_too_long: 'upstreamPromptTooLong',
  image_too_large: 'upstreamImageTooLarge',
  unsupported_image_format: 'upstreamImageFormat',
  mask_size_mismatch: 'upstreamMaskSize',
  timeout: 'upstreamTimeout',
  model_error: 'upstreamModelFailed',
  // A provider behind the service (decisions.md row 19).
  content_policy: 'upstreamContentPolicy',
  provider_auth: 'upstreamProviderAuth',
  provider_error: 'upstreamModelFailed',
  rate_limited: 'upstreamBusy',
  unsupported_edit_kind: 'upstreamEditKind',
  task_not_found: 'upstreamTaskGone',
  cancelled: 'upstreamCancelled',
  // Atelier's own, for runs a restart cut off (lib/ledger/sweep.ts, lib/videos/sync-task.ts).
  interrupted: 'runInterrupted',
};

const BY_KIND: Partial<Record<UpstreamErrorKind, UpstreamMessageKey>> = {
  authentication: 'upstreamKey',
  permission: 'upstreamPermission',
  rate_limit: 'upstreamBusy',
  overloaded: 'upstreamUnavailable',
  server: 'upstreamUnavailable',
  network: 'upstreamUnreachable',
  timeout: 'upstreamTimeout',
  too_large: 'upstreamImageTooLarge',
  unsupported_media: 'upstreamImageFormat',
};

export type UpstreamMessageKey =
  | 'upstreamKey'
  | 'upstreamPermission'
  | 'upstreamModel'
  | 'upstreamPromptTooLong'
  | 'upstreamImageTooLarge'
  | 'upstreamImageFormat'
  | 'upstreamMaskSize'
  | 'upstreamTimeout'
  | 'upstreamModelFailed'
  | 'upstreamTaskGone'
  | 'upstreamCancelled'
  | 'upstreamBusy'
  | 'upstreamContentPolicy'
  | 'upstreamProviderAuth'
  | 'upstreamEditKind'
  | 'upstreamUnavailable'
  | 'upstreamUnreachable'
  | 'runInterrupted';

export function upstreamMessageKey(code: string | null | undefined, kind?: UpstreamErrorKind): UpstreamMessageKey | undefined {
  return (code ? BY_CODE[code] : undefined) ?? (kind ? BY_KIND[kind] : undefined);
}
