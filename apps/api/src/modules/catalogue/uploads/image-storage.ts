import type { Readable } from 'node:stream';

/**
 * A stored picture opened for reading. No content type: every stored picture is WebP, and what
 * a bucket says about an object (anyone who can write to it can set it) is never passed on
 * (plugins/uploads.ts, docs/behaviour.md §3.6).
 */
interface StoredImage {
  body: Readable;
  /** In bytes. */
  size: number;
}

/**
 * Where the bytes of uploaded pictures live: a local folder (disk-storage.ts) or an
 * S3-compatible bucket (s3-storage.ts). Keys are checked by the callers (upload-keys.ts).
 */
export interface ImageStorage {
  save(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when nothing is stored under the key. */
  open(key: string): Promise<StoredImage | null>;
  /** Removing a key that is not there is not an error: two sweeps may race. */
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}
