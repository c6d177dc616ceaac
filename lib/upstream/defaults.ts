/** The sizes a text-to-image model makes (interface 4.2), the largest costing most. */
export const IMAGE_SIZES = ['1024x1024', '2048x2048', '4096x4096'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** Video resolutions and aspect ratios (interface 4.3). */
export const VIDEO_RESOLUTIONS = ['480p', '720p', '1080p'] as const;
export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];

/**
 * What the service does with a parameter the request leaves out (service-interface.md 4.1–4.3):
 * an omitted parameter is billed at these, so it is priced at them too.
 */
export const SERVICE_DEFAULTS = {
  imageSize: '1024x1024',
  imagesPerModel: 1,
  videoDuration: 5,
  videoResolution: '720p',
  videoAudio: false,
  videoAspectRatio: '16:9',
} as const;

/** The service's result URLs live 7 days (interface §1); a URL is shown until then, never after. */
export const SERVICE_FILE_LIFETIME_MS = 7 * 24 * 3600 * 1000;
