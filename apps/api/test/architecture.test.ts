import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API's seams, read from its import graph (docs/architecture.md): modules depend on one
 * another one way only, through entry files; modules never import plugins or the composition;
 * route files never import route files; and no file imports itself round a cycle. ESLint holds
 * the same rules file by file (eslint-rules/api-layers.js, import-x/no-cycle); this walks the
 * whole graph at once, as a reviewer would.
 */
const src = fileURLToPath(new URL('../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every relative import of a file (static, re-export or dynamic), resolved to a file. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((match) => match[1]!);
  return specs.flatMap((spec) => {
    const base = path.resolve(path.dirname(file), spec);
    const found = [`${base}.ts`, path.join(base, 'index.ts'), base].find((candidate) => {
      try {
        return statSync(candidate).isFile();
      } catch {
        return false;
      }
    });
    return found ? [found] : [];
  });
}

const relative = (file: string) => path.relative(src, file);
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(relative(file))?.[1];
const isRouteFile = (file: string) => file.endsWith('.routes.ts');
const isEntry = (file: string) => /^modules\/[^/]+\/index\.ts$/.test(relative(file));

const files = sourceFiles(src);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
// drizzle-kit reads db/schema.ts: it gathers every module's tables from their own files.
const schemaFile = path.join(src, 'db', 'schema.ts');

describe("the API's import graph", () => {
  it('has modules that import no plugin and none of the files that put the app together', () => {
    const upward = edges.filter(
      ({ from, to }) =>
        moduleOf(from) &&
        (relative(to).startsWith('plugins/') ||
          ['app.ts', 'server.ts', 'api-routes.ts'].includes(relative(to))),
    );
    expect(upward.map(({ from, to }) => `${relative(from)} -> ${relative(to)}`)).toEqual([]);
  });

  it('reaches another module only through its entry file', () => {
    const around = edges.filter(({ from, to }) => {
      const target = moduleOf(to);
      return from !== schemaFile && target && target !== moduleOf(from) && !isEntry(to);
    });
    expect(around.map(({ from, to }) => `${relative(from)} -> ${relative(to)}`)).toEqual([]);
  });

  it('has no route file importing another route file', () => {
    const routeToRoute = edges.filter(({ from, to }) => isRouteFile(from) && isRouteFile(to));
    expect(routeToRoute.map(({ from, to }) => `${relative(from)} -> ${relative(to)}`)).toEqual([]);
  });

  it('has no two modules depending on each other, directly or round a longer loop', () => {
    const dependsOn = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const [a, b] = [moduleOf(from), moduleOf(to)];
      if (a && b && a !== b) dependsOn.set(a, (dependsOn.get(a) ?? new Set()).add(b));
    }
    expect(cycleIn(dependsOn)).toBeNull();
  });

  it('has no file importing itself round a cycle', () => {
    const byFile = new Map(
      [...graph].map(([file, targets]) => [relative(file), new Set(targets.map(relative))]),
    );
    expect(cycleIn(byFile)).toBeNull();
  });

  it('finds the graph it checks (the walk itself works)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(new Set(files.map(moduleOf).filter(Boolean))).toEqual(
      new Set([
        'accounts',
        'audit',
        'backoffice',
        'cart',
        'catalogue',
        'companies',
        'documents',
        'invoicing',
        'jobs',
        'lists',
        'mail',
        'ordering',
        'pages',
        'payments',
        'quotes',
        'reviews',
        'tax',
      ]),
    );
    expect(
      cycleIn(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['a'])],
        ]),
      ),
    ).toEqual(['a', 'b', 'a']);
  });
});

/** One cycle of the graph as the path round it, or null when it has none (depth-first search). */
function cycleIn(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}
