import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../../config';
import type { ImageStorage } from './image-storage';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Pictures as objects in an S3-compatible bucket: every instance sees the same pictures with
 * no shared disk. The API still serves them at /uploads/<key>, so the bucket can stay private.
 */
export function createS3Storage(settings: S3Settings): ImageStorage {
  const { bucket } = settings;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Many S3-compatible servers do not know the newer CRC checksums the SDK adds by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    async save(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },

    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body || object.ContentLength === undefined) {
          throw new Error(`S3 answered ${key} without a body or a length`);
        }
        return {
          // In Node the SDK's body is a Readable (an IncomingMessage).
          body: object.Body as Readable,
          size: object.ContentLength,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async close() {
      client.destroy();
    },
  };
}
