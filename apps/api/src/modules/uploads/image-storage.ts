import type { Readable } from 'node:stream';

/** A stored picture opened for reading. */
interface StoredImage {
  body: Readable;
  /** In bytes. */
  size: number;
  contentType: string;
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
