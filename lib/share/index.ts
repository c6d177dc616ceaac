export { createShareLink, createShareSchema, type CreateShareInput } from './create';
export { listShareLinks, type ShareLinkSummary } from './list';
export { revokeShareLink } from './revoke';
export { resolveSharedAsset, resolveSharedResult } from './resolve-public';
export { previewAssetId, type SharedColumn, type SharedResult } from './shared-result';
export { SHARE_EXPIRIES, shareState, type ShareExpiry, type ShareState } from './lifetime';
