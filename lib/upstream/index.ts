// The app's one typed client of the image/video service (docs/contract/service-interface.md).
export { createUpstreamClient, DEFAULT_TIMEOUTS } from './client';
export type { UpstreamClient, UpstreamClientOptions, UpstreamTimeouts } from './client';
export type { CreateVideoInput, EditImageInput, GenerateImagesInput } from './requests';
export { UpstreamError } from './errors';
export type { UpstreamErrorKind } from './errors';
export type { Cost } from './cost';
export type { EditedImage, GeneratedImage } from './image-item';
export type { EditResult } from './edit-result';
export type { BatchEntry, BatchResult } from './batch-result';
export type { VideoTask, VideoTaskStatus } from './video-task';
export type { ModelInfo, ModelKind } from './models';
