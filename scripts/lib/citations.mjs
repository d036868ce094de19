// What the docs scripts share: which files of the repository they read, and how a citation of a
// docs/behaviour.md section is recognised. Plain Node, no dependency.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Folders never read: installed or built things, local data, test output. */
const SKIPPED_DIRECTORIES = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  'coverage',
  'artifacts',
  'results',
]);
/** Files never read: generated, or too large to be anyone's prose. */
const SKIPPED_FILES = new Set(['package-lock.json']);

/**
 * Every text file under `root`, as paths relative to it with forward slashes, sorted. `skip`
 * names further paths (files or folders, relative to `root`) to leave out. A file with a NUL
 * byte in its first 8 kB is taken for binary and left out.
 */
export function listTextFiles(root, skip = []) {
  const skipped = new Set(skip);
  const files = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (skipped.has(child)) continue;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(child);
      } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name) && isText(path.join(root, child))) {
        files.push(child);
      }
    }
  };
  walk('');
  return files.sort();
}

function isText(file) {
  if (statSync(file).size === 0) return true;
  const head = readFileSync(file).subarray(0, 8192);
  return !head.includes(0);
}

/**
 * A section sign followed by a number: `§16`, `§16.3`. A number of three parts (`§8.8.3`) or
 * one right after an RFC's number (`RFC 9110 §15.4`) cites another document, and so does one
 * right after another Markdown file's name (`SPEC.md §7`); everything else in this repository
 * cites docs/behaviour.md, whether it names the file (`docs/behaviour.md §5.3`) or not (`§5.3`
 * in a comment, a test's name, a decision record).
 */
const SECTION_SIGN = /§(\d+(?:\.\d+)*)/g;
const OTHER_DOCUMENT_BEFORE = /(?:\bRFC\s*\d+|\b(?!behaviour\.md)[\w-]+\.md)\s*,?\s*$/i;

/** The behaviour.md citations of a text: each with its number, offset, length and line (1-based). */
export function sectionCitations(text) {
  const citations = [];
  for (const match of text.matchAll(SECTION_SIGN)) {
    const number = match[1];
    if (number.split('.').length > 2) continue;
    const lineStart = text.lastIndexOf('\n', match.index - 1) + 1;
    if (OTHER_DOCUMENT_BEFORE.test(text.slice(lineStart, match.index))) continue;
    citations.push({
      number,
      index: match.index,
      length: match[0].length,
      line: lineNumberAt(text, match.index),
    });
  }
  return citations;
}

/** The section numbers docs/behaviour.md has: its `##` and `###` headings that start with one. */
export function behaviourSections(markdown) {
  return new Set([...markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)?) /gm)].map((match) => match[1]));
}

export function lineNumberAt(text, index) {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return line;
}
