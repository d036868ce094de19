// `npm run build -w apps/api`: the server as one ES module, dist/server.mjs, which `npm run serve`
// runs without a TypeScript loader (docs/decisions/0048-api-served-from-a-bundle.md). Our code
// and packages/shared are bundled; every other package stays an import of node_modules, as
// installed. Development and the tests run the TypeScript source under tsx.
import { build } from 'esbuild';

/** A bare import that is not one of ours (@shop/…) is left to Node to resolve. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [new URL('./src/server.ts', import.meta.url).pathname],
  outfile: new URL('./dist/server.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [packagesStayExternal],
  logLevel: 'warning',
});
