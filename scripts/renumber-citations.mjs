#!/usr/bin/env node
// Rewrites citations of docs/behaviour.md sections after the document was reorganised, from the
// map in docs/section-map.json (old number -> new number).
//
//   node scripts/renumber-citations.mjs            dry run: what would change, per file
//   node scripts/renumber-citations.mjs --write    rewrite the files
//   node scripts/renumber-citations.mjs --write apps/api docs/decisions   only these paths
//   node scripts/renumber-citations.mjs --write --skip=apps/api/drizzle   all but this path
//
// A citation is `docs/behaviour.md §16.3` or a bare `§16.3` (as comments, test names and
// decision records write them); `§8.8.3` and `RFC 9110 §8.8` cite other documents and are left
// alone (scripts/lib/citations.mjs). Each citation is rewritten once, in a single pass, so a
// number that maps to another old number is not mapped twice. Run it once per reorganisation: a
// second run would map the new numbers again. So that this does not happen by accident, --write
// refuses (unless --force) when every citation it reads already names a section that
// docs/behaviour.md has, as it does after the first run.
//
// Without paths it reads every text file of the repository except docs/ and README.md (written
// with the new numbers already) and scripts/ (this script, its fixtures).
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { behaviourSections, listTextFiles, sectionCitations } from './lib/citations.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const write = args.includes('--write');
const force = args.includes('--force');
const skipped = args.filter((arg) => arg.startsWith('--skip=')).map((arg) => arg.slice('--skip='.length));
const mapArgument = args.find((arg) => arg.startsWith('--map='));
const mapFile = path.resolve(
  root,
  mapArgument ? mapArgument.slice('--map='.length) : 'docs/section-map.json',
);
const targets = args.filter((arg) => !arg.startsWith('--'));

const { sections: sectionMap } = JSON.parse(readFileSync(mapFile, 'utf8'));
const currentSections = behaviourSections(readFileSync(path.join(root, 'docs', 'behaviour.md'), 'utf8'));
const isSkipped = (file) =>
  skipped.some((skip) => file === skip || file.startsWith(`${skip.replace(/\/$/, '')}/`));

function filesToRead() {
  const files =
    targets.length === 0
      ? listTextFiles(root, ['docs', 'README.md', 'scripts'])
      : targets.flatMap((target) => {
          const relative = path.relative(root, path.resolve(target)).split(path.sep).join('/');
          if (statSync(path.join(root, relative)).isFile()) return [relative];
          return listTextFiles(path.join(root, relative)).map((file) => `${relative}/${file}`);
        });
  return files.filter((file) => !isSkipped(file));
}

const files = filesToRead().map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
const stale = files.reduce(
  (count, { text }) =>
    count + sectionCitations(text).filter((citation) => !currentSections.has(citation.number)).length,
  0,
);
if (write && stale === 0 && !force) {
  console.log(
    'Every citation read already names a section of docs/behaviour.md: they look renumbered already, ' +
      'and a second run would map them again. Nothing was written (--force writes anyway).',
  );
  process.exit(1);
}

const totals = { files: 0, filesChanged: 0, citations: 0, rewritten: 0, same: 0, unknown: 0 };
const unknown = [];
for (const { file, text } of files) {
  totals.files += 1;
  const citations = sectionCitations(text);
  if (citations.length === 0) continue;
  let output = '';
  let from = 0;
  let changed = 0;
  for (const citation of citations) {
    totals.citations += 1;
    const next = sectionMap[citation.number];
    if (next === undefined) {
      totals.unknown += 1;
      unknown.push(`${file}:${citation.line}: §${citation.number} is not in ${path.relative(root, mapFile)}`);
      continue;
    }
    if (next === citation.number) {
      totals.same += 1;
      continue;
    }
    output += `${text.slice(from, citation.index)}§${next}`;
    from = citation.index + citation.length;
    changed += 1;
  }
  if (changed === 0) continue;
  output += text.slice(from);
  totals.rewritten += changed;
  totals.filesChanged += 1;
  console.log(`${write ? 'rewrote' : 'would rewrite'} ${changed} in ${file}`);
  if (write) writeFileSync(path.join(root, file), output);
}

for (const line of unknown) console.log(line);
console.log(
  `${totals.files} files read; ${totals.citations} citations of docs/behaviour.md sections: ` +
    `${totals.rewritten} ${write ? 'rewritten' : 'to rewrite'} in ${totals.filesChanged} files, ` +
    `${totals.same} keep their number, ${totals.unknown} not in the map. ` +
    `Before: ${stale} named no section of today's docs/behaviour.md.`,
);
if (!write && totals.rewritten > 0) console.log('Dry run: nothing was written. Add --write to rewrite.');
