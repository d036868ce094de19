import path from 'node:path';

/**
 * The API's layers (docs/architecture.md): a module is a folder of apps/api/src/modules. Another
 * module is reached only through its entry file (`modules/<name>/index.ts`); modules and lib never
 * reach up into plugins, the composition that wires them; lib reaches no module; a route file
 * imports no other route file. Relative imports only: the API has no path aliases.
 */
const SRC = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}`;

/** Where a file sits: its layer, and for a module file the module's name. */
function placeOf(file) {
  const at = file.lastIndexOf(SRC);
  if (at === -1) return null;
  const parts = file.slice(at + SRC.length).split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) {
    return {
      layer: 'module',
      module: parts[1],
      isEntry: parts.length === 3 && /^index\.tsx?$/.test(parts[2]),
    };
  }
  return { layer: parts.length > 1 ? parts[0] : 'root' };
}

/** The files at the root of src that put the app together (config.ts and logging.ts sit below everything). */
const COMPOSITION_FILES = new Set(['app', 'server', 'api-routes', 'check-config']);

const isRouteFile = (file) => /\.routes\.tsx?$/.test(file);

export default {
  meta: {
    type: 'problem',
    docs: { description: "Keeps the API's layers: modules through their entry, no imports up into plugins" },
    schema: [],
    messages: {
      entry:
        "Import the {{module}} module through its entry file ('modules/{{module}}'), not its inner files.",
      upward: 'A {{from}} file may not import from {{to}}: plugins wire modules together, never the reverse.',
      libToModule: 'lib is below the modules: it may not import from modules/{{module}}.',
      routeToRoute: 'A route file may not import another route file: share the code through a service.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    if (!from) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const to = placeOf(target.endsWith('.ts') || target.endsWith('.tsx') ? target : `${target}.ts`) ?? {};
      const toEntry = placeOf(path.join(target, 'index.ts'));
      if (from.layer === 'module' && to.layer === 'module' && to.module !== from.module) {
        const isEntry = toEntry?.isEntry && toEntry.module === to.module;
        if (!isEntry && !to.isEntry)
          context.report({ node, messageId: 'entry', data: { module: to.module } });
      }
      if (
        toEntry?.layer === 'module' &&
        toEntry.isEntry &&
        from.layer === 'module' &&
        toEntry.module === from.module
      ) {
        // A module's own files import each other directly, never through their own entry.
        context.report({ node, messageId: 'entry', data: { module: from.module } });
      }
      const isComposition =
        to.layer === 'root' && COMPOSITION_FILES.has(path.basename(target).replace(/\.tsx?$/, ''));
      if ((from.layer === 'module' || from.layer === 'lib') && (to.layer === 'plugins' || isComposition)) {
        context.report({
          node,
          messageId: 'upward',
          data: { from: from.layer, to: isComposition ? 'the app composition' : 'plugins' },
        });
      }
      if (from.layer === 'lib' && (to.layer === 'module' || toEntry?.layer === 'module')) {
        context.report({ node, messageId: 'libToModule', data: { module: to.module ?? toEntry.module } });
      }
      if (isRouteFile(file) && isRouteFile(`${target}.ts`))
        context.report({ node, messageId: 'routeToRoute' });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
