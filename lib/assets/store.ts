import { appConfig } from '../config';
import { createBlobStore, type BlobStore } from '../storage';

const KEY = Symbol.for('atelier.blob-store');
type Holder = { [KEY]?: BlobStore };

/** The app's one blob store, as configured (local disk under the data dir unless STORAGE_DRIVER=s3). */
export function blobStore(): BlobStore {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= createBlobStore(appConfig().storage));
}
