import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/call';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  // A built page, as small as it gets.
  webDist = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Shop</title></head><body></body></html>',
  );
  ctx = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The page policy's directives, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

/** A fetch directive's value: its own, or default-src's when it has none (CSP 3 §6.8.3). */
function effective(csp: Map<string, string>, name: string): string | undefined {
  return csp.get(name) ?? csp.get('default-src');
}

describe('security headers', () => {
  it('allow no <base> element, no plugins and no framing, on pages and JSON alike (docs/behaviour.md §12.7)', async () => {
    const answers = [
      ['the page', await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })],
      ['GET /health', await call(ctx.app, 'GET /health', { headers: { accept: 'application/json' } })],
    ] as const;
    for (const [url, response] of answers) {
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('base-uri'), url).toBe("'none'");
      expect(effective(csp, 'object-src'), url).toBe("'none'");
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('allow inline styles only with the nonce of the response, written into the page', async () => {
    const nonces: string[] = [];
    for (const url of ['/', '/dashboard/my-orders']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      const styleSrc = directives(response.headers['content-security-policy']).get('style-src') ?? '';
      expect(styleSrc).not.toContain("'unsafe-inline'");
      const nonce = /'nonce-([0-9a-f]+)'/.exec(styleSrc)?.[1];
      expect(nonce, styleSrc).toBeDefined();
      expect(response.body).toContain(`<style id="_goober" nonce="${nonce}"> </style></head>`);
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(2);
  });

  it('a JSON answer, errors included, may load nothing and carries the headers a non-page needs', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const answers = await Promise.all([
      call(ctx.app, 'GET /tool'),
      call(ctx.app, 'GET /review'),
      call(ctx.app, 'GET /order'),
      call(ctx.app, 'GET /tool/:id', { params: { id: 'not-a-tool' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404]);
    for (const json of answers) {
      const csp = directives(json.headers['content-security-policy']);
      for (const fetched of [
        'script-src',
        'style-src',
        'img-src',
        'connect-src',
        'frame-src',
        'object-src',
      ]) {
        expect(effective(csp, fetched), fetched).toBe("'none'");
      }
      expect(csp.get('form-action')).toBe("'none'");
      for (const header of ['x-content-type-options', 'strict-transport-security', 'referrer-policy']) {
        expect(json.headers[header], header).toBe(page.headers[header]);
      }
      expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(json.headers['x-frame-options']).toBe('DENY');
      // What only a document uses is left off.
      expect(json.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(json.headers['origin-agent-cluster']).toBeUndefined();
    }
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
