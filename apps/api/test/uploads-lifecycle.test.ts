import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './helpers/multipart';
import { startS3Storage, storageKinds, type StorageFixture } from './helpers/storages';
import { createTestApp, signUpAdmin, type SignedIn, type TestContext } from './helpers/test-app';

async function uploadPicture(ctx: TestContext, admin: SignedIn): Promise<string> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  const { contentType, payload } = await multipart([{ field: 'image', bytes, type: 'image/png' }]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...admin.headers, 'content-type': contentType },
    payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: { url: string } }>().data.url;
}

const get = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });

describe.each(storageKinds)('uploaded pictures kept in $storage', ({ start }) => {
  let store: StorageFixture;
  let ctx: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    store = await start();
    ctx = await createTestApp(store.env);
    admin = await signUpAdmin(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await store.close();
  });

  it('serves a picture sandboxed, never sniffed, and cached for a year', async () => {
    const url = await uploadPicture(ctx, admin);
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers an unknown picture with a 404 in JSON, sandboxed too', async () => {
    for (const url of ['/uploads/00000000-0000-4000-8000-000000000000.webp', '/uploads/demo-nothing.webp']) {
      const response = await get(ctx, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not-found', message: 'Picture not found' });
      expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).not.toContain('immutable');
    }
  });

  it('serves only the names it gives: no path leaves the uploads, no stray file is served', async () => {
    await store.putRaw(ctx.dataDir, 'notes.html', '<script>alert(1)</script>');
    await store.putRaw(ctx.dataDir, 'picture.webp', 'not ours');
    for (const url of [
      '/uploads/notes.html',
      '/uploads/picture.webp',
      '/uploads/..%2Fnotes.html',
      '/uploads/..%2F..%2Fpgdata%2FPG_VERSION',
      '/uploads/%2e%2e%2fsecret.webp',
      '/uploads/..%5C..%5Csecret.webp',
      '/uploads/.%2Fnotes.html',
      '/uploads/../uploads/notes.html',
      '/uploads/sub/dir.webp',
      '/uploads/%00.webp',
    ]) {
      const response = await get(ctx, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'not-found' });
      expect(response.body, url).not.toContain('script');
    }
  });
});

describe('pictures in an S3-compatible bucket', () => {
  let store: StorageFixture;
  const apps: TestContext[] = [];
  beforeAll(async () => {
    store = await startS3Storage();
    apps.push(await createTestApp(store.env), await createTestApp(store.env));
  });
  afterAll(async () => {
    for (const ctx of apps) await ctx.close();
    await store.close();
  });

  it('are shared by instances that share no disk', async () => {
    const [first, second] = apps as [TestContext, TestContext];
    expect(first.dataDir).not.toBe(second.dataDir);
    const url = await uploadPicture(first, await signUpAdmin(first.app));
    const response = await get(second, url);
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
  });
});
