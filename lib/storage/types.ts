/** Anything `put` accepts: a web stream, a Node stream, or bytes already in memory. */
export type BlobBody = ReadableStream<Uint8Array> | NodeJS.ReadableStream | Uint8Array;

export interface PutOptions {
  contentType: string;
  /** When given, a body of any other length is refused and nothing is stored. */
  contentLength?: number;
}

export interface PutResult {
  size: number;
  etag?: string;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobInfo {
  /** Size of the whole object, even when a range was asked for. */
  size: number;
  contentType: string;
  /** A strong HTTP entity tag, quotes included (`"…"`). */
  etag?: string;
}

export interface BlobObject extends BlobInfo {
  body: ReadableStream<Uint8Array>;
  /** The bytes `body` carries: the asked range clamped to the object, or the whole object. */
  range?: ByteRange;
}

/**
 * Where assets live. Every operation streams; `put` is all-or-nothing: a body that fails or is
 * refused part-way leaves no object behind and leaves an earlier object under the key untouched.
 */
export interface BlobStore {
  put(key: string, body: BlobBody, options: PutOptions): Promise<PutResult>;
  /** Null when the key holds nothing. A range that starts past the end throws `invalid_range`. */
  get(key: string, options?: { range?: ByteRange }): Promise<BlobObject | null>;
  head(key: string): Promise<BlobInfo | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Throws, saying why, when the store cannot be written (a wrong bucket, credentials or folder): checked at start. */
  probe(): Promise<void>;
}
