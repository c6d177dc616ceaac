import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { StorageError } from './errors';
import { assertValidKey } from './keys';
import { Meter } from './meter';
import { sliceBytes, toNodeReadable, toWebStream } from './streams';
import type { BlobBody, BlobInfo, BlobObject, BlobStore, ByteRange, PutOptions, PutResult } from './types';

export interface S3StoreConfig {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, s3rver); unset means AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Parts are buffered one at a time per upload slot: memory stays near PART_SIZE * QUEUE_SIZE. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StoreConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Default checksums send aws-chunked bodies with trailers, which many S3-compatible servers reject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async probe(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      throw new Error(
        `S3 bucket "${this.bucket}" is not usable (${status ? `HTTP ${status}` : (error as Error).message}): check S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials.`,
      );
    }
  }

  /** Multipart when the body is larger than one part; a failed upload is aborted, so nothing appears. */
  async put(key: string, body: BlobBody, { contentType, contentLength }: PutOptions): Promise<PutResult> {
    assertValidKey(key);
    const expected = contentLength ?? (body instanceof Uint8Array ? body.byteLength : undefined);
    const meter = new Meter(expected);
    const source = toNodeReadable(body);
    source.on('error', (error) => meter.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: source.pipe(meter), ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // We abort ourselves: the SDK's own abort would replace the body's error with the abort's.
      leavePartsOnError: true,
    });
    try {
      const result = await upload.done();
      return { size: meter.bytes, etag: result.ETag };
    } catch (error) {
      if (upload.uploadId) {
        // Best effort: the error worth reporting is the body's; a lifecycle rule reaps orphaned parts.
        const abort = new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: upload.uploadId });
        await this.client.send(abort).catch(() => undefined);
      }
      throw error;
    }
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<BlobObject | null> {
    assertValidKey(key);
    const { range } = options;
    if (range && (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0 || range.end < range.start)) {
      throw new StorageError('invalid_range', `Invalid byte range ${range.start}-${range.end}.`);
    }
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }));
      const body = res.Body as Readable;
      const served = parseContentRange(res.ContentRange) ?? wholeBody(res.ContentLength ?? 0);
      const info = { size: served.size, contentType: res.ContentType ?? 'application/octet-stream', etag: res.ETag };
      if (!range) return { ...info, body: toWebStream(body) };
      const wanted = { start: range.start, end: Math.min(range.end, served.size - 1) };
      if (wanted.start === served.start && wanted.end === served.end) return { ...info, body: toWebStream(body), range: wanted };
      // Some S3-compatible servers ignore or widen a range (s3rver serves `bytes=0-0` whole): trim to what was asked.
      if (range.start >= served.size || served.start > wanted.start || served.end < wanted.end) {
        body.destroy();
        if (range.start >= served.size) throw rangeError(range);
        throw new Error(`S3 served bytes ${served.start}-${served.end}, not the ${wanted.start}-${wanted.end} asked for`);
      }
      const sliced = sliceBytes(body, wanted.start - served.start, wanted.end - wanted.start + 1);
      return { ...info, body: toWebStream(Readable.from(sliced, { objectMode: false })), range: wanted };
    } catch (error) {
      if (isNotFound(error)) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
        throw rangeError(range!);
      }
      throw error;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? 'application/octet-stream', etag: res.ETag };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket');
}

const rangeError = (range: ByteRange) => new StorageError('invalid_range', `Range ${range.start}-${range.end} starts past the end of the object.`);

const wholeBody = (size: number) => ({ start: 0, end: size - 1, size });

/** `bytes 0-9/100` */
function parseContentRange(value: string | undefined): { start: number; end: number; size: number } | undefined {
  const match = value && /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value);
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : undefined;
}
