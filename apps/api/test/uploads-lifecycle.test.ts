import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNUSED_UPLOAD_GRACE_MS } from '../src/modules/catalogue/uploads/sweep-unused-uploads';
import { uploads } from '../src/modules/catalogue/uploads/uploads.table';
import { call } from './helpers/call';
import { multipart } from './helpers/multipart';
import { startS3Storage, storageKinds, type StorageFixture } from './helpers/storages';
import { addTool, createTestApp, signUpAdmin, type SignedIn, type TestContext } from './helpers/test-app';

const keyOf = (url: string) => url.slice('/uploads/'.length);

async function uploadPicture(
  ctx: TestContext,
  admin: SignedIn,
  { width = 40, height = 30 }: { width?: number; height?: number } = {},
): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  const response = await call(ctx.app, 'POST /upload', {
    as: admin,
    multipart: await multipart([{ field: 'image', bytes, type: 'image/png' }]),
  });
  expect(response.status).toBe(201);
  return response.body.data.url;
}

/** Makes an upload look as if it had been made `ms` ago. */
async function age(ctx: TestContext, url: string, ms: number) {
  await ctx.database.db
    .update(uploads)
    .set({ createdAt: sql`now() - make_interval(secs => ${ms / 1000})` })
    .where(eq(uploads.key, keyOf(url)));
}

const get = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url });

describe.each(storageKinds)('uploaded pictures kept in $storage', ({ start }) => {
  let store: StorageFixture;
  let ctx: TestContext;
  let admin: SignedIn;
  const stored = () => store.storedKeys(ctx.dataDir);
  const isGone = async (url: string) => {
    const response = await get(ctx, url);
    expect(response.statusCode).toBe(404);
    expect(await stored()).not.toContain(keyOf(url));
    expect(
      await ctx.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, keyOf(url))),
    ).toEqual([]);
  };

  beforeAll(async () => {
    store = await start();
    ctx = await createTestApp({ env: store.env });
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

  it('deleting a tool removes its picture: gone from storage, and /uploads answers 404', async () => {
    const url = await uploadPicture(ctx, admin);
    const toolId = await addTool(ctx.app, admin, { img: url });
    const [record] = await ctx.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, keyOf(url)));
    expect(record).toMatchObject({ toolId });
    expect(record!.linkedAt).toBeInstanceOf(Date);

    const deleted = await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id: toolId } });
    expect(deleted.body).toEqual({ deletedCount: 1 });
    await isGone(url);
  });

  it('stores a wide picture in three widths (400, 800, 1600) as WebP, lists them on the tool, and deleting the tool removes all three', async () => {
    const url = await uploadPicture(ctx, admin, { width: 2400, height: 1800 });
    const copies = [url.replace('.webp', '-400w.webp'), url.replace('.webp', '-800w.webp')];
    expect(await stored()).toEqual(expect.arrayContaining([keyOf(url), ...copies.map(keyOf)]));
    for (const [picture, width, height] of [
      [copies[0]!, 400, 300],
      [copies[1]!, 800, 600],
      [url, 1600, 1200],
    ] as const) {
      const response = await get(ctx, picture);
      expect(response.statusCode, picture).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height });
    }

    const toolId = await addTool(ctx.app, admin, { img: url });
    const tool = (await call(ctx.app, 'GET /tool/:id', { params: { id: toolId } })).body;
    expect(tool.images).toEqual([
      { url: copies[0], width: 400 },
      { url: copies[1], width: 800 },
      { url, width: 1600 },
    ]);

    await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id: toolId } });
    await isGone(url);
    for (const copy of copies) {
      expect((await get(ctx, copy)).statusCode, copy).toBe(404);
      expect(await stored()).not.toContain(keyOf(copy));
    }
  });

  it('never enlarges: a picture 600 px wide gets only the 400 px copy, and the sweep removes both', async () => {
    const url = await uploadPicture(ctx, admin, { width: 600, height: 450 });
    const copy = url.replace('.webp', '-400w.webp');
    expect((await stored()).filter((key) => key.startsWith(keyOf(url).slice(0, 36))).sort()).toEqual(
      [keyOf(copy), keyOf(url)].sort(),
    );
    expect((await get(ctx, url.replace('.webp', '-800w.webp'))).statusCode).toBe(404);
    await ctx.app.uploads.sweep({ graceMs: 0 });
    await isGone(url);
    expect(await stored()).not.toContain(keyOf(copy));
  });

  it('a picture on another host has no widths of ours', async () => {
    const toolId = await addTool(ctx.app, admin, { img: 'https://cdn.example/brush.jpg' });
    expect((await call(ctx.app, 'GET /tool/:id', { params: { id: toolId } })).body).toMatchObject({
      img: 'https://cdn.example/brush.jpg',
      images: [],
    });
  });

  it('keeps a picture that two tools show until the last of them is deleted', async () => {
    const url = await uploadPicture(ctx, admin);
    const first = await addTool(ctx.app, admin, { img: url, name: 'First Brush' });
    const second = await addTool(ctx.app, admin, { img: url, name: 'Second Brush' });
    const remove = (id: string) => call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id } });

    expect((await remove(first)).status).toBe(200);
    expect((await get(ctx, url)).statusCode).toBe(200);
    expect((await remove(second)).status).toBe(200);
    await isGone(url);
  });

  it('sweeps an unused upload older than the grace period and keeps a fresh one and a used one', async () => {
    const stale = await uploadPicture(ctx, admin);
    const fresh = await uploadPicture(ctx, admin);
    const used = await uploadPicture(ctx, admin);
    await addTool(ctx.app, admin, { img: used });
    await age(ctx, stale, UNUSED_UPLOAD_GRACE_MS + 60_000);
    await age(ctx, fresh, UNUSED_UPLOAD_GRACE_MS - 60_000);
    await age(ctx, used, UNUSED_UPLOAD_GRACE_MS * 24);

    await ctx.app.uploads.sweep();

    await isGone(stale);
    expect((await get(ctx, fresh)).statusCode).toBe(200);
    expect((await get(ctx, used)).statusCode).toBe(200);
    expect(await stored()).toEqual(expect.arrayContaining([keyOf(fresh), keyOf(used)]));
  });

  it('a shorter grace period can be asked for (tests, a later job queue)', async () => {
    const url = await uploadPicture(ctx, admin);
    await ctx.app.uploads.sweep({ graceMs: 60_000 });
    expect((await get(ctx, url)).statusCode).toBe(200);
    await ctx.app.uploads.sweep({ graceMs: 0 });
    await isGone(url);
  });
});

describe('pictures in an S3-compatible bucket', () => {
  let store: StorageFixture;
  const apps: TestContext[] = [];
  beforeAll(async () => {
    store = await startS3Storage();
    apps.push(await createTestApp({ env: store.env }), await createTestApp({ env: store.env }));
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
