#!/usr/bin/env node
// The home page's initial JavaScript, gzip: the entry chunk, the home route's chunk, and every
// chunk they import statically. Lazily loaded chunks (other pages, the review carousel) are
// not counted: the browser fetches them later. Fails when over the budget.
// Sizes in kB of 1000 bytes, as Vite prints them.
// Usage: npm run size  (builds the web app first)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 110;
const HOME_ROUTE_MODULE = 'src/app/home-page.tsx';

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
if (!manifest[HOME_ROUTE_MODULE]) throw new Error(`${HOME_ROUTE_MODULE} is not its own chunk`);

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
visit(HOME_ROUTE_MODULE);

let total = 0;
const rows = [];
for (const file of [...files].filter((f) => f.endsWith('.js'))) {
  const bytes = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += bytes;
  rows.push(`  ${(bytes / 1000).toFixed(1).padStart(7)} kB  ${file}`);
}
console.log(`Home page initial JavaScript (gzip):\n${rows.join('\n')}`);
console.log(`  ${(total / 1000).toFixed(1).padStart(7)} kB  total (budget ${BUDGET_KB} kB)`);
if (total / 1000 > BUDGET_KB) {
  console.error(`Over budget by ${(total / 1000 - BUDGET_KB).toFixed(1)} kB`);
  process.exit(1);
}
