import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text files. Not pictures (WebP is compressed already), nor the page: the server writes it
 * anew for each response (its style nonce) and compresses it then.
 */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml)$/;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, best level) beside every text
 * file of the build, once, at build time, so that the server sends them without compressing
 * anything per request (@fastify/static's preCompressed, apps/api/src/plugins/web.ts). A copy
 * that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  // The server bundle (scripts/build.mjs) is read from disk by the API, never sent.
  let isServerBuild = false;
  return {
    name: 'shop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      isServerBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (isServerBuild) return;
      const files = await readdir(outDir, { recursive: true, withFileTypes: true });
      const texts = files
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(texts.map(writeCompressedCopies));
    },
  };
}

async function writeCompressedCopies(file: string) {
  const content = await readFile(file);

  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}
