/** The width of a result's preview in the library and the history lists: 60 of them stay well under 1.5 MB. */
export const PREVIEW_WIDTH = 256;

/** Where a page shows an archived image or video small: its stored WebP preview (a video's poster frame). */
export const previewUrl = (assetId: string) => `/api/assets/${assetId}?w=${PREVIEW_WIDTH}`;
