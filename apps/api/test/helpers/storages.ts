import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * Where a test app keeps its pictures, seen from outside the app: the suite asserts on what
 * really is in the folder or the bucket, not on what the app says.
 */
export interface StorageFixture {
  /** Settings to start the app with (none for the default folder). */
  env: Record<string, string>;
  /** Every key stored, given the app's DATA_DIR. */
  storedKeys(dataDir: string): Promise<string[]>;
  /**
   * Puts bytes under any name, bypassing the app (as a stray or hostile file would be); in a
   * bucket with the content type given, which a folder has no place for.
   */
  putRaw(dataDir: string, name: string, bytes: Buffer | string, contentType?: string): Promise<void>;
  close(): Promise<void>;
}

/** The default: a folder in DATA_DIR. */
async function startDiskStorage(): Promise<StorageFixture> {
  const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
  return {
    env: {},
    storedKeys: async (dataDir) =>
      (await readdir(uploadsDir(dataDir))).filter((name) => !name.endsWith('.partial')),
    putRaw: (dataDir, name, bytes) => writeFile(path.join(uploadsDir(dataDir), name), bytes),
    close: async () => {},
  };
}

/** s3rver's fixed credentials: it checks request signatures against them. */
const S3RVER_KEY = 'S3RVER';

/** An S3-compatible server of our own on 127.0.0.1 (s3rver), on a free port, with a new bucket. */
export async function startS3Storage(bucket = 'shop-pictures'): Promise<StorageFixture> {
  const directory = mkdtempSync(path.join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));

  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    storedKeys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!);
    },
    putRaw: async (_dataDir, name, bytes, contentType) => {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: name, Body: bytes, ContentType: contentType }),
      );
    },
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** For describe.each: the same suite over each storage the shop can use. */
export const storageKinds = [
  { storage: 'a folder in DATA_DIR', start: startDiskStorage },
  { storage: 'an S3-compatible bucket', start: startS3Storage },
];
