import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('../../../web', import.meta.url));

/**
 * The web app built as `npm run build` builds it (browser bundle, server bundle, prerendered
 * pages) into a fresh folder. Without Vitest's NODE_ENV=test, which would give React's
 * development build.
 */
export function buildWebApp(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'shop-web-build-'));
  const { NODE_ENV: _vitestMode, ...env } = process.env;
  const result = spawnSync(
    process.execPath,
    ['scripts/build.mjs', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: webDir, encoding: 'utf8', env },
  );
  if (result.status !== 0)
    throw new Error(`Building the web app failed:\n${result.stdout}\n${result.stderr}`);
  return outDir;
}
