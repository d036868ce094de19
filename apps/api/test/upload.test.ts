import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@shop/shared/constants';
import { uploads } from '../src/modules/catalogue/uploads/uploads.table';
import { call } from './helpers/call';
import {
  createTestApp,
  signUpAdmin,
  signUpCustomer,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';
import { multipart } from './helpers/multipart';
import { storageKinds, type StorageFixture } from './helpers/storages';

let store: StorageFixture;
let ctx: TestContext;
let admin: SignedIn;

async function upload(parts: Parameters<typeof multipart>[0], caller: SignedIn | null = admin) {
  return call(ctx.app, 'POST /upload', { as: caller, multipart: await multipart(parts) });
}

const uploadImage = (bytes: Buffer | string, filename = 'picture.png', type = 'image/png') =>
  upload([{ field: 'image', bytes, filename, type }]);

const redPicture = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } });

const storedFiles = () => store.storedKeys(ctx.dataDir);

async function fetchUploaded(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { response, metadata: await sharp(response.rawPayload).metadata() };
}

describe.each(storageKinds)('image upload, pictures kept in $storage', ({ start }) => {
  beforeAll(async () => {
    store = await start();
    ctx = await createTestApp({ env: store.env });
    admin = await signUpAdmin(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await store.close();
  });

  it('an admin uploads a picture and gets the URL of its WebP copy, served as image/webp', async () => {
    const response = await uploadImage(await redPicture().png().toBuffer());
    expect(response.status).toBe(201);
    const body = response.body;
    expect(body.success).toBe(true);
    expect(body.data.url).toMatch(
      /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/,
    );
    expect(await storedFiles()).toContain(path.basename(body.data.url));
    const [record] = await ctx.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, path.basename(body.data.url)));
    expect(record).toMatchObject({ width: 64, height: 48, uploadedBy: admin.id, toolId: null });

    const { response: served, metadata } = await fetchUploaded(body.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(metadata).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(record!.byteSize).toBe(served.rawPayload.length);
  });

  it("serves a file planted under a picture's name as the WebP the shop stores, never with the object's own type", async () => {
    // Someone with write access to the bucket (or the folder) puts a page under an upload key.
    const key = `${randomUUID()}.webp`;
    await store.putRaw(ctx.dataDir, key, '<html><script>alert(document.domain)</script></html>', 'text/html');
    for (const name of [key, key.replace('.webp', '-400w.webp')]) {
      if (name !== key) await store.putRaw(ctx.dataDir, name, '<svg onload="alert(1)"/>', 'image/svg+xml');
      const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('gives every upload its own random name, whatever the file was called', async () => {
    const bytes = await redPicture().png().toBuffer();
    const first = await uploadImage(bytes, '../../etc/passwd.png');
    const second = await uploadImage(bytes, '../../etc/passwd.png');
    const urls = [first, second].map((r) => r.body.data.url);
    expect(urls[0]).not.toBe(urls[1]);
    for (const url of urls) expect(url).not.toContain('passwd');
  });

  it.each([
    ['JPEG', (s: Sharp) => s.jpeg()],
    ['WebP', (s: Sharp) => s.webp()],
    ['GIF', (s: Sharp) => s.gif()],
    ['TIFF', (s: Sharp) => s.tiff()],
    ['AVIF', (s: Sharp) => s.avif()],
  ])('accepts a %s picture and stores it as WebP', async (_format, encode) => {
    const response = await uploadImage(await encode(redPicture()).toBuffer(), 'picture', 'image/whatever');
    expect(response.status).toBe(201);
    const { metadata } = await fetchUploaded(response.body.data.url);
    expect(metadata).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('fits a large picture within 1600 x 1600 and never enlarges a small one', async () => {
    const wide = await uploadImage(await redPicture(2400, 1200).png().toBuffer());
    expect(wide.status).toBe(201);
    const { metadata: wideMeta } = await fetchUploaded(wide.body.data.url);
    expect(wideMeta).toMatchObject({ width: 1600, height: 800 });

    const tall = await uploadImage(await redPicture(900, 3200).png().toBuffer());
    const { metadata: tallMeta } = await fetchUploaded(tall.body.data.url);
    expect(tallMeta).toMatchObject({ width: 450, height: 1600 });

    const small = await uploadImage(await redPicture(20, 10).png().toBuffer());
    const { metadata: smallMeta } = await fetchUploaded(small.body.data.url);
    expect(smallMeta).toMatchObject({ width: 20, height: 10 });
  });

  it('turns a photo upright by its EXIF orientation and strips its metadata', async () => {
    const photo = await redPicture(64, 48)
      .withExif({ IFD0: { Copyright: 'Secret camera owner', Artist: 'GPS here' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);

    const response = await uploadImage(photo, 'photo.jpg', 'image/jpeg');
    expect(response.status).toBe(201);
    const { response: served, metadata } = await fetchUploaded(response.body.data.url);
    expect(metadata).toMatchObject({ width: 48, height: 64 });
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('Secret camera owner');
  });

  it.each([
    [
      'an HTML page',
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      'text/html',
    ],
    [
      'an SVG carrying script',
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><script>alert(1)</script>' +
        '<rect width="64" height="48" fill="red"/></svg>',
      'image/svg+xml',
    ],
    [
      'an SVG with an XML prolog',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"></svg>',
      'image/svg+xml',
    ],
    ['random bytes', randomBytes(4096), 'image/png'],
    ['a zero-byte file', Buffer.alloc(0), 'image/png'],
    [
      'a file with a PNG signature and garbage after it',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(512)]),
      'image/png',
    ],
    ['a JSON document', JSON.stringify({ url: 'javascript:alert(1)' }), 'image/jpeg'],
  ])('refuses %s with 415 and stores nothing', async (_case, bytes, type) => {
    const before = (await storedFiles()).length;
    const response = await uploadImage(bytes, 'picture.png', type);
    expect(response.status).toBe(415);
    expect(response.error).toEqual({
      code: 'unsupported-image',
      message: 'The file is not an image we can read',
    });
    expect(await storedFiles()).toHaveLength(before);
  });

  it('refuses a file over the size limit with 413', async () => {
    const before = (await storedFiles()).length;
    const response = await uploadImage(randomBytes(UPLOAD_MAX_BYTES + 1));
    expect(response.status).toBe(413);
    expect(response.error).toMatchObject({ code: 'payload-too-large' });
    expect(await storedFiles()).toHaveLength(before);
  });

  it('accepts a file just under the size limit (the JSON body limit does not apply)', async () => {
    // Noise does not compress: a PNG of about 2 MB.
    const noise = await sharp(randomBytes(900 * 800 * 3), { raw: { width: 900, height: 800, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    expect(noise.length).toBeLessThan(UPLOAD_MAX_BYTES);
    expect((await uploadImage(noise)).status).toBe(201);
  });

  it('refuses a picture with more pixels than the limit with 413', async () => {
    const huge = await redPicture(8000, 6000).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const response = await uploadImage(huge);
    expect(response.status).toBe(413);
    expect(response.error).toMatchObject({ code: 'payload-too-large' });
  });

  it('answers 400 when the image field is missing', async () => {
    const picture = await redPicture().png().toBuffer();
    for (const parts of [
      [{ field: 'photo', bytes: picture, type: 'image/png' }],
      [{ field: 'image', value: 'https://example.com/picture.png' }],
      [{ field: 'title', value: 'no file at all' }],
    ]) {
      const response = await upload(parts);
      expect(response.status).toBe(400);
      expect(response.error).toMatchObject({ code: 'invalid-input' });
    }
  });

  it('answers 400 to a request that is not multipart', async () => {
    const json = await call(ctx.app, 'POST /upload', {
      as: admin,
      unsafeBody: { image: 'data:image/png;base64,AAAA' },
    });
    expect(json.status).toBe(400);
    expect(json.error).toMatchObject({ code: 'invalid-input' });
  });

  it('takes one picture per upload', async () => {
    const picture = await redPicture().png().toBuffer();
    const before = (await storedFiles()).length;
    const response = await upload([
      { field: 'image', bytes: picture, type: 'image/png' },
      { field: 'image', bytes: picture, type: 'image/png' },
    ]);
    expect(response.status).toBe(413);
    expect(await storedFiles()).toHaveLength(before);
  });

  it('is for admins only: a customer gets 403 and a visitor 401', async () => {
    const picture = await redPicture().png().toBuffer();
    const customer = await signUpCustomer(ctx.app);
    expect((await upload([{ field: 'image', bytes: picture }], customer)).status).toBe(403);
    expect((await upload([{ field: 'image', bytes: picture }], null)).status).toBe(401);
  });
});
