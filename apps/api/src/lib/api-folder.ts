import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (apps/api), whether the server runs from its TypeScript source
 * (src/…, under tsx) or from the bundle `npm run build` makes (dist/server.mjs): the nearest
 * folder above this file holding a package.json. The files the server reads at run time (its
 * migrations, SQL sources, word lists, demo pictures) are found from here, not from the file
 * that reads them, whose place differs between the two (docs/decisions/0048-api-served-from-a-bundle.md).
 */
function packageFolderAbove(file: string): string {
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${file}`);
  }
}

const apiFolder = packageFolderAbove(fileURLToPath(import.meta.url));

/** A path inside apps/api: `inApiFolder('drizzle')`. */
export const inApiFolder = (...segments: string[]): string => path.join(apiFolder, ...segments);
