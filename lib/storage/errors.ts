export type StorageErrorCode = 'invalid_key' | 'invalid_range' | 'length_mismatch';

/** A caller mistake the store refused; backend failures (disk, network) surface as they are. */
export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}
