import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Here rather than in the web project, whose tests run in a browser-like environment: ESLint
// needs Node.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('lint rules of the web app', () => {
  it('refuses dangerouslySetInnerHTML (docs/behaviour.md §10.7)', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const [result] = await eslint.lintText(
      'export const Raw = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />;\n',
      { filePath: `${repoRoot}apps/web/src/features/probe/raw.tsx` },
    );
    expect(result?.messages.map((message) => message.ruleId)).toContain('no-restricted-syntax');
  });
});
