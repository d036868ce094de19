import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Here rather than in the web project, whose tests run in a browser-like environment: ESLint
// needs Node.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The rules ESLint reports for `code` as if it were the file at `file` (from the repository root). */
async function rulesBroken(code: string, file: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${file}` });
  return result?.messages.map((message) => message.ruleId) ?? [];
}

describe('lint rules of the web app', () => {
  it('refuses dangerouslySetInnerHTML (docs/behaviour.md §12.7)', async () => {
    const broken = await rulesBroken(
      'export const Raw = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />;\n',
      'apps/web/src/features/probe/raw.tsx',
    );
    expect(broken).toContain('no-restricted-syntax');
  });
});

// docs/architecture.md: the API's seams, held file by file as they are written.
describe("lint rules of the API's layers", () => {
  it("refuses an import of another module's inner file, and takes its entry", async () => {
    const file = 'apps/api/src/modules/ordering/orders/probe.ts';
    expect(await rulesBroken("export { tools } from '../../catalogue/tools/tools.table';\n", file)).toContain(
      'shop/api-layers',
    );
    expect(await rulesBroken("export { tools } from '../../catalogue';\n", file)).toEqual([]);
  });

  it('refuses a module importing a plugin, and lib importing a module', async () => {
    expect(
      await rulesBroken(
        "export type { Catalogue } from '../../../plugins/catalogue';\n",
        'apps/api/src/modules/catalogue/tools/probe.ts',
      ),
    ).toContain('shop/api-layers');
    expect(
      await rulesBroken("export { tools } from '../modules/catalogue';\n", 'apps/api/src/lib/probe.ts'),
    ).toContain('shop/api-layers');
  });

  it('refuses a route file importing another route file', async () => {
    expect(
      await rulesBroken(
        "export { toolRoutes } from './tools.routes';\n",
        'apps/api/src/modules/catalogue/tools/probe.routes.ts',
      ),
    ).toContain('shop/api-layers');
  });

  it('refuses a new import cycle', async () => {
    // lib/keyset.ts imports lib/errors.ts: errors.ts importing keyset.ts would close a loop.
    expect(
      await rulesBroken("export { pageLimit } from './keyset';\n", 'apps/api/src/lib/errors.ts'),
    ).toContain('import-x/no-cycle');
  });
});
