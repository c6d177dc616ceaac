import path from 'node:path';
import { appConfig } from '../config';
import { createBlobStore, loadStorageConfig, type BlobStore } from '../storage';

const KEY = Symbol.for('atelier.blob-store');
type Holder = { [KEY]?: BlobStore };

/** The app's one blob store: local disk under the data dir unless STORAGE_DRIVER=s3. */
export function blobStore(): BlobStore {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const config = loadStorageConfig();
    holder[KEY] = createBlobStore(
      config.driver === 'local' && !process.env.STORAGE_LOCAL_DIR ? { driver: 'local', dir: path.join(appConfig().dataDir, 'assets') } : config,
    );
  }
  return holder[KEY];
}
