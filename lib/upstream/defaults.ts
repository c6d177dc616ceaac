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
