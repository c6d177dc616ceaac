import type { Catalog } from './catalog';
import type { ServiceConfig } from './config';
import type { EnginePool } from './engines/pool';
import type { FileShelf } from './files';
import type { KeyRing } from './keys';
import type { JsonStore } from './store';
import type { VideoTasks } from './video-tasks';
import type { WebhookOutbox } from './webhooks';

/** Everything a route needs, built once by createReferenceService. */
export interface ServiceContext {
  config: ServiceConfig;
  catalog: Catalog;
  store: JsonStore;
  keys: KeyRing;
  files: FileShelf;
  pool: EnginePool;
  videos: VideoTasks;
  webhooks: WebhookOutbox;
}

/** The origin put into file URLs: configured, or the one the caller reached us on. */
export const baseUrl = (ctx: ServiceContext, request: Request) => ctx.config.publicUrl ?? new URL(request.url).origin;
