#!/usr/bin/env node
// Fails on a reference to something the repository does not have:
//   - a section of docs/behaviour.md (`docs/behaviour.md §5.3`, or a bare `§5.3`);
//   - a document under docs/ (`docs/scaling.md`), or a relative Markdown link to a missing file;
//   - a decision record (`decision 0031`, `decisions 19, 22 and 33`, `docs/decisions/0031`);
//   - a migration (`migration 0019`, `migrations 0012 and 0021`, `0019_order_path_costs.sql`);
//   - ARCHITECTURE.md or STYLE.md, which live outside the repository (docs/architecture.md and
//     docs/style.md hold what the code needs from them).
// Each problem is printed as file:line: what; the exit status is 1 when there is any.
//
//   node scripts/check-docs.mjs [root]     check the repository (or another tree laid out alike)
//   node scripts/check-docs.mjs --self-test
//                                          the fixture of scripts/fixtures/docs-check must fail with
//                                          exactly its planted problems, and the repository must pass
//
// Plain Node, no dependency. It reads every text file but scripts/ (this script and its fixture)
// and what scripts/lib/citations.mjs leaves out (node_modules, builds, data, package-lock.json).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { behaviourSections, lineNumberAt, listTextFiles, sectionCitations } from './lib/citations.mjs';

const scriptsDir = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(scriptsDir, '..');
const FIXTURE = path.join(scriptsDir, 'fixtures', 'docs-check');

/** Every problem of the tree at `root`, as { file, line, message }, in file and line order. */
export function checkDocs(root) {
  const behaviourFile = path.join(root, 'docs', 'behaviour.md');
  const sections = existsSync(behaviourFile)
    ? behaviourSections(readFileSync(behaviourFile, 'utf8'))
    : new Set();
  const decisions = numberedFiles(path.join(root, 'docs', 'decisions'), /^(\d{4})-.*\.md$/);
  const migrationsDir = path.join(root, 'apps', 'api', 'drizzle');
  const migrations = numberedFiles(migrationsDir, /^(\d{4})_.*\.sql$/);
  const problems = [];

  for (const file of listTextFiles(root, ['scripts'])) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const report = (index, message) => problems.push({ file, line: lineNumberAt(text, index), message });

    for (const citation of sectionCitations(text)) {
      if (!sections.has(citation.number)) {
        report(citation.index, `§${citation.number} is not a section of docs/behaviour.md`);
      }
    }

    for (const match of text.matchAll(/(?<![\w./-])docs\/[\w./-]*[\w/]/g)) {
      const target = match[0].replace(/\.$/, '');
      if (/^docs\/decisions\/\d{4}$/.test(target)) continue; // a decision number, checked below
      if (!existsSync(path.join(root, target))) report(match.index, `${target} does not exist`);
    }

    if (file.endsWith('.md')) {
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1].replace(/[#?].*$/, '');
        if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // an anchor, a URL, mailto:
        if (!existsSync(path.resolve(root, path.dirname(file), target))) {
          report(match.index, `the link ${match[1]} leads nowhere`);
        }
      }
    }

    for (const { index, numbers } of numberLists(
      text,
      /\bdecisions?\s+\[?(\d{1,4})\]?((?:(?:\s*,\s*|\s+and\s+|\s+or\s+)\d{1,4})*)/gi,
    )) {
      for (const number of numbers) {
        if (!decisions.has(number)) report(index, `decision ${number} does not exist in docs/decisions`);
      }
    }
    for (const match of text.matchAll(/(?<![\w./-])docs\/decisions\/(\d{4})/g)) {
      if (!decisions.has(match[1]))
        report(match.index, `decision ${match[1]} does not exist in docs/decisions`);
    }

    for (const { index, numbers } of numberLists(
      text,
      /\bmigrations?\s+`?(\d{4})(?!\d)((?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\/)\d{4}(?!\d))*)/gi,
    )) {
      for (const number of numbers) {
        if (!migrations.has(number)) report(index, `migration ${number} does not exist in apps/api/drizzle`);
      }
    }
    for (const match of text.matchAll(/\b\d{4}_[a-z0-9_]+\.sql\b/g)) {
      if (!existsSync(path.join(migrationsDir, match[0]))) {
        report(match.index, `${match[0]} is not a migration in apps/api/drizzle`);
      }
    }

    for (const match of text.matchAll(/\b(?:ARCHITECTURE|STYLE)\.md\b|\bARCHITECTURE rule\b/g)) {
      report(
        match.index,
        `${match[0]} is not in the repository: cite docs/architecture.md, docs/style.md or docs/behaviour.md`,
      );
    }
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The four-digit numbers of the files in `dir` whose name matches `pattern` (its first group). */
function numberedFiles(dir, pattern) {
  if (!existsSync(dir)) return new Set();
  return new Set(
    readdirSync(dir)
      .map((name) => pattern.exec(name)?.[1])
      .filter(Boolean),
  );
}

/** Each match of `pattern` (a number, then more numbers in its second group), numbers padded to 4 digits. */
function* numberLists(text, pattern) {
  for (const match of text.matchAll(pattern)) {
    const numbers = [match[1], ...(match[2].match(/\d+/g) ?? [])].map((number) => number.padStart(4, '0'));
    yield { index: match.index, numbers };
  }
}

const format = ({ file, line, message }) => `${file}:${line}: ${message}`;

/** The problems planted in the fixture, as file:line and the start of the message. */
const PLANTED = [
  'README.md:5: the link docs/nothing.md leads nowhere',
  'README.md:5: docs/nothing.md does not exist',
  'apps/api/src/example.ts:3: §9.9 is not a section',
  'apps/api/src/example.ts:5: decision 0042 does not exist',
  'apps/api/src/example.ts:6: decision 0007 does not exist',
  'apps/api/src/example.ts:6: decision 0009 does not exist',
  'apps/api/src/example.ts:7: decision 0012 does not exist',
  'apps/api/src/example.ts:9: migration 0031 does not exist',
  'apps/api/src/example.ts:10: 0007_nothing.sql is not a migration',
  'apps/api/src/example.ts:11: docs/missing.md does not exist',
  'apps/api/src/example.ts:12: ARCHITECTURE.md is not in the repository',
  'apps/api/src/example.ts:12: STYLE.md is not in the repository',
  'apps/api/src/example.ts:13: ARCHITECTURE rule is not in the repository',
  'docs/behaviour.md:10: §1.2 is not a section',
  'docs/decisions/0001-first.md:5: migration 0002 does not exist',
];

function selfTest() {
  const found = checkDocs(FIXTURE).map(format);
  const missing = PLANTED.filter((planted) => !found.some((line) => line.startsWith(planted)));
  const unexpected = found.filter((line) => !PLANTED.some((planted) => line.startsWith(planted)));
  let failed = false;
  if (missing.length > 0 || unexpected.length > 0) {
    failed = true;
    console.log('Self-test: the fixture (scripts/fixtures/docs-check) did not fail as planted.');
    for (const line of missing) console.log(`  not reported: ${line}`);
    for (const line of unexpected) console.log(`  reported but not planted: ${line}`);
  } else {
    console.log(`Self-test: the fixture fails with its ${PLANTED.length} planted problems, and only those.`);
  }
  const problems = checkDocs(repositoryRoot);
  if (problems.length > 0) {
    failed = true;
    for (const problem of problems) console.log(format(problem));
    console.log(`Self-test: the repository has ${problems.length} broken references.`);
  } else {
    console.log('Self-test: the repository passes.');
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes('--self-test')) {
    process.exitCode = selfTest();
  } else {
    const root = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? repositoryRoot);
    const problems = checkDocs(root);
    for (const problem of problems) console.log(format(problem));
    console.log(
      problems.length === 0
        ? 'Docs check: every section, document, decision and migration referred to exists.'
        : `Docs check: ${problems.length} references to things that do not exist.`,
    );
    process.exitCode = problems.length === 0 ? 0 : 1;
  }
}
