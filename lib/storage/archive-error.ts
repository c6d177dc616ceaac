export type ArchiveErrorCode = 'blocked_address' | 'bad_scheme' | 'too_large' | 'unsupported_type' | 'http_error' | 'timeout' | 'redirect';

/** Why an upstream file was not archived. The message names no internal address and is safe to show a user. */
export class ArchiveError extends Error {
  constructor(
    readonly code: ArchiveErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ArchiveError';
  }
}

export function tooLarge(maxBytes: number): ArchiveError {
  return new ArchiveError('too_large', `The file is larger than the ${formatBytes(maxBytes)} limit.`);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
