import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  ctx = await createTestApp({ WEB_DIST_DIR: webDist });
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

describe('security headers', () => {
  it('allow no <base> element, no plugins and no framing (docs/behaviour.md §10.7)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('base-uri')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
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

  it('a JSON answer carries the page policy and headers, without a nonce (nothing inline to allow)', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const withoutNonces = String(page.headers['content-security-policy']).replaceAll(
      / 'nonce-[0-9a-f]+'/g,
      '',
    );
    for (const url of ['/api/tool', '/api/health', '/api/review']) {
      const json = await ctx.app.inject({ method: 'GET', url });
      expect(json.headers['content-security-policy']).toBe(withoutNonces);
      for (const header of [
        'x-content-type-options',
        'strict-transport-security',
        'cross-origin-opener-policy',
      ]) {
        expect(json.headers[header], header).toBe(page.headers[header]);
      }
    }
  });
});
