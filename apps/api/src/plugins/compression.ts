import compress from '@fastify/compress';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESSION_THRESHOLD_BYTES, ENCODINGS } from '../lib/content-encoding';

/**
 * Text answers worth compressing: pages, JSON, scripts, styles, SVG. Pictures (uploads are
 * WebP) are compressed already; squeezing them again only costs time.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;

/**
 * Brotli or gzip for what the server writes per response: the page (it carries its own style
 * nonce, so it cannot be compressed ahead) and API JSON above the threshold. The web app's
 * assets are compressed at build time (apps/web/build-plugins/precompress.ts) and served
 * compressed as they are (plugins/web.ts); an answer that already has a Content-Encoding is left
 * alone, and so is the catalogue kept in memory, which keeps its compressed copies
 * (lib/cached-json.ts). Only br and gzip, the two the build makes, so every Node line answers
 * alike (zstd would depend on the Node version). Registered before any route: it hooks each
 * route as it is added.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      // Answers only: request bodies stay as they were (no client of ours sends them compressed,
      // and inflating them would let a small request grow past the body limit's intent).
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: [...ENCODINGS],
      customTypes: COMPRESSIBLE,
    });

    // The plugin names Accept-Encoding in Vary only when it compresses. A small answer today
    // may be a large one tomorrow (a list grows): caches must key every text answer on it.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (isCompressibleType(reply)) addVaryAcceptEncoding(reply);
      done(null, payload);
    });
  },
  { name: 'compression' },
);

function isCompressibleType(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && COMPRESSIBLE.test(type);
}

function addVaryAcceptEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === 'accept-encoding') return; // what the catalogue's answers set (lib/cached-json.ts)
  const values = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}
