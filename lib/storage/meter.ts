import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { StorageError } from './errors';

/** Counts (and optionally hashes) the bytes passing through; fails as soon as they exceed `expected`. */
export class Meter extends Transform {
  bytes = 0;
  private readonly hash: Hash | undefined;

  constructor(
    private readonly expected: number | undefined,
    algorithm?: 'md5' | 'sha256',
  ) {
    super();
    this.hash = algorithm ? createHash(algorithm) : undefined;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.expected !== undefined && this.bytes > this.expected) return callback(this.mismatch());
    this.hash?.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.expected !== undefined && this.bytes !== this.expected) return callback(this.mismatch());
    callback();
  }

  digest(encoding: 'hex' | 'base64' = 'hex'): string {
    if (!this.hash) throw new Error('Meter was created without a hash algorithm');
    return this.hash.digest(encoding);
  }

  private mismatch(): StorageError {
    return new StorageError('length_mismatch', `Body length differs from the declared ${this.expected} bytes.`);
  }
}
