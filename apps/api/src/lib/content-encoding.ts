import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

/** The encodings the server answers in: the two the web build makes, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Below this many bytes compression saves less than the headers and the work cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Which of our encodings an Accept-Encoding header asks for, weights (`;q=`) included, or
 * undefined for the body as it is. Like @fastify/compress (plugins/compression.ts), `*` and
 * `x-gzip` count as gzip, so a body cached compressed is chosen exactly as one compressed per
 * response would be.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  return negotiate(header, [...ENCODINGS]) ?? undefined;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli's slowest, smallest setting is worth it for a body made once, up to this size. */
const BEST_BROTLI_MAX_BYTES = 256 * 1024;

/**
 * A body compressed once to be sent many times (the catalogue kept in memory): the best the
 * encoding does while that stays quick, off the main thread (zlib's pool). A 10,000-tool list
 * of several megabytes takes a middle brotli setting: seconds of the best one would hold up the
 * first reader after every change.
 */
export function compressOnce(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
  const quality = body.length <= BEST_BROTLI_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : 5;
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
