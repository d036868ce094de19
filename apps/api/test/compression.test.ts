import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, requestOf, type Request } from './helpers/call';
import { multipart } from './helpers/multipart';
import { addTool, openShop, type Shop } from './helpers/test-app';

const ASSET_URL = '/assets/app-1a2b3c.js';
const asset = `export const tools = ${JSON.stringify(
  Array.from({ length: 60 }, (_, index) => ({ name: `Angled Sash Brush ${index}`, stock: index })),
)};\n`;
/** A page over the threshold, as built pages are. */
const page = `<!doctype html><html><head><title>Shop</title></head><body>${'<p>Brushes and rollers.</p>'.repeat(80)}<div id="root"></div></body></html>`;

let shop: Shop<never>;
let webDist: string;
beforeAll(async () => {
  // A built web app, with the compressed copies the build writes beside each asset.
  webDist = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), page);
  const assetFile = path.join(webDist, ASSET_URL);
  writeFileSync(assetFile, asset);
  // Not the levels the server would use on the fly, so the test sees which copy was sent.
  writeFileSync(
    `${assetFile}.br`,
    brotliCompressSync(asset, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${assetFile}.gz`, gzipSync(asset, { level: 1 }));
  shop = await openShop({ env: { WEB_DIST_DIR: webDist, SEED_DEMO: 'false' } });
  for (let index = 0; index < 8; index += 1) await addTool(shop.app, shop.admin, { name: `Roller ${index}` });
});
afterAll(async () => {
  await shop.close();
  rmSync(webDist, { recursive: true, force: true });
});

/**
 * The raw answer, its bytes as sent: to a file's path, or to a route of the table (`requestOf`,
 * built from the route's key as `call` builds it) when its compressed bytes are what is checked.
 */
const get = (target: string | Request, acceptEncoding?: string, headers: Record<string, string> = {}) => {
  const request = typeof target === 'string' ? { method: 'GET' as const, url: target, headers: {} } : target;
  return shop.app.inject({
    ...request,
    headers: {
      ...request.headers,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      ...headers,
    },
  });
};
const toolList = requestOf('GET /tool');

/** The body as the browser reads it, whatever the encoding. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((value) => value.trim())
    .includes('accept-encoding');

const negotiations = [
  { acceptEncoding: 'gzip, deflate, br, zstd', expected: 'br', as: 'brotli' },
  { acceptEncoding: 'gzip', expected: 'gzip', as: 'gzip' },
  { acceptEncoding: 'identity', expected: undefined, as: 'it is' },
  { acceptEncoding: undefined, expected: undefined, as: 'it is' },
];

describe('compressed answers', () => {
  it.each(negotiations)(
    'a built asset asked with Accept-Encoding $acceptEncoding comes as $as, the same script once decoded',
    async ({ acceptEncoding, expected }) => {
      const response = await get(ASSET_URL, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(response)).toBe(true);
      expect(decoded(response)).toBe(asset);
      // The copy the build wrote, not one compressed on the fly.
      const stored = { br: '.br', gzip: '.gz' }[expected ?? ''];
      if (stored) expect(response.rawPayload).toEqual(readFileSync(path.join(webDist, ASSET_URL + stored)));
    },
  );

  it.each(negotiations)(
    'the page asked with Accept-Encoding $acceptEncoding comes as $as, with its style nonce',
    async ({ acceptEncoding, expected }) => {
      for (const url of ['/', '/dashboard/my-orders']) {
        const response = await get(url, acceptEncoding, { accept: 'text/html' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(expected);
        expect(varies(response)).toBe(true);
        const html = decoded(response);
        expect(html).toContain('<div id="root"></div>');
        expect(html).toMatch(/<style id="_goober" nonce="[^"]+">/);
      }
    },
  );

  it.each(negotiations)(
    'a JSON list asked with Accept-Encoding $acceptEncoding comes as $as, the same list once decoded',
    async ({ acceptEncoding, expected }) => {
      const plain = await call(shop.app, 'GET /tool');
      const response = await get(toolList, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(varies(response)).toBe(true);
      expect(plain.text.length).toBeGreaterThan(1024);
      expect(JSON.parse(decoded(response))).toEqual(plain.body);
    },
  );

  it('a small JSON answer goes uncompressed, still varying on Accept-Encoding', async () => {
    const response = await get(requestOf('GET /health'), 'gzip, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(varies(response)).toBe(true);
    expect(response.json()).toMatchObject({ status: expect.any(String) });
  });

  it('a request body sent compressed is not inflated: it is refused as bad input', async () => {
    const response = await call(shop.app, 'POST /account', {
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      unsafeBody: gzipSync(
        JSON.stringify({ name: 'Zip', email: 'zip@shop.test', password: 'correct-horse' }),
      ),
    });
    expect(response.status).toBe(400);
  });

  it('an unknown API path answers its JSON 404, even to a browser asking for a page', async () => {
    // Not a route of the table: its path is written out.
    const response = await get('/api/nothing-here', 'br', { accept: 'text/html' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not-found' });
  });

  it('a cached asset revalidates with a 304 and no body', async () => {
    const first = await get(ASSET_URL, 'br');
    const etag = String(first.headers.etag);
    const again = await get(ASSET_URL, 'br', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('HEAD of an asset and of the page says how it would come, with no body', async () => {
    const assetHead = await shop.app.inject({
      method: 'HEAD',
      url: ASSET_URL,
      headers: { 'accept-encoding': 'br' },
    });
    expect(assetHead.statusCode).toBe(200);
    expect(assetHead.headers['content-encoding']).toBe('br');
    expect(assetHead.rawPayload.length).toBe(0);
    const pageHead = await shop.app.inject({
      method: 'HEAD',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(pageHead.statusCode).toBe(200);
    expect(pageHead.rawPayload.length).toBe(0);
  });

  it('an uploaded picture is sent as it is stored, never compressed again', async () => {
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const uploaded = await call(shop.app, 'POST /upload', {
      as: shop.admin,
      multipart: await multipart([
        { field: 'image', bytes: picture, filename: 'red.png', type: 'image/png' },
      ]),
    });
    expect(uploaded.status).toBe(201);
    const url = new URL(uploaded.body.data.url, 'http://shop.test').pathname;
    const response = await get(url, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });
});

describe('the catalogue, kept compressed with the list in memory (lib/cached-json.ts)', () => {
  it('sends every browser the same compressed copy, tagged with its encoding', async () => {
    const plain = await call(shop.app, 'GET /tool');
    const first = await get(toolList, 'gzip, deflate, br, zstd');
    const second = await get(toolList, 'br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(JSON.parse(decoded(first))).toEqual(plain.body);
    // One body, three representations: a strong ETag names exactly one (RFC 9110 §8.8.3).
    const gzipped = await get(toolList, 'gzip');
    const tags = [plain, first, gzipped].map((response) => String(response.headers.etag));
    expect(new Set(tags).size).toBe(3);
    expect(tags[1]).toBe(tags[0]!.replace(/"$/, '-br"'));
  });

  it('honours the weights a caller gives: q=0 refuses an encoding', async () => {
    expect((await get(toolList, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get(toolList, 'gzip;q=0.5, br;q=0.9')).headers['content-encoding']).toBe('br');
    expect((await get(toolList, 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    expect((await get(toolList, 'x-gzip')).headers['content-encoding']).toBe('gzip');
  });

  it("answers 304 to a caller holding any encoding's copy: they all are the same list", async () => {
    const brotli = await get(toolList, 'br');
    const again = await get(toolList, 'gzip', { 'if-none-match': String(brotli.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(String(brotli.headers.etag).replace(/-br"$/, '-gzip"'));
    expect(varies(again)).toBe(true);
  });

  it('sends a body below the threshold as it is, with the plain tag', async () => {
    const [tool] = (await call(shop.app, 'GET /tool')).body;
    const oneTool = requestOf('GET /tool/:id', { params: { id: tool!._id } });
    const plain = await get(oneTool);
    const asked = await get(oneTool, 'gzip, br');
    expect(plain.rawPayload.length).toBeLessThan(1024);
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.headers.etag).toBe(plain.headers.etag);
    expect(varies(asked)).toBe(true);
  });

  it('makes fresh copies once the tools change', async () => {
    const before = await get(toolList, 'br');
    await addTool(shop.app, shop.admin, { name: 'Roller after the copies' });
    const after = await get(toolList, 'br');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(decoded(after)).toContain('Roller after the copies');
  });
});
