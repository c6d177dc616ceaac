export { createShareLink, createShareSchema, type CreateShareInput, type ShareTarget } from './create';
export { listShareLinks, type ShareLinkSummary } from './list';
export { revokeShareLink } from './revoke';
export { resolveShare, resolveSharedAsset, type Shared } from './resolve-public';
export { SHARED_COLLECTION_MAX, type SharedCollection, type SharedCollectionItem } from './shared-collection';
export { previewAssetId, type SharedColumn, type SharedResult } from './shared-result';
export { SHARE_EXPIRIES, shareState, type ShareExpiry, type ShareState } from './lifetime';
