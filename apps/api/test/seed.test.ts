import { statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolBody, type Tool } from '@shop/shared/contracts/tools';
import { demoReviews, demoTools } from '../src/seed/demo-catalogue';
import { demoImagesDir, seedDemoData } from '../src/seed/seed-demo-data';
import { uploads } from '../src/modules/catalogue/uploads/uploads.table';
import { call } from './helpers/call';
import { startS3Storage, type StorageFixture } from './helpers/storages';
import { addTool, createTestApp, signUpAdmin, type TestContext } from './helpers/test-app';

interface ReviewLike {
  name: string;
  rating: number;
  review: string;
}

async function listTools(ctx: TestContext): Promise<Tool[]> {
  const response = await call(ctx.app, 'GET /tool');
  expect(response.status).toBe(200);
  return response.body;
}

async function listReviews(ctx: TestContext): Promise<ReviewLike[]> {
  const response = await call(ctx.app, 'GET /review');
  expect(response.status).toBe(200);
  return response.body;
}

describe('the demo catalogue as written', () => {
  it('has at least 8 tools with unique names and pictures, each a valid new tool', () => {
    expect(demoTools.length).toBeGreaterThanOrEqual(8);
    expect(new Set(demoTools.map((tool) => tool.slug)).size).toBe(demoTools.length);
    expect(new Set(demoTools.map((tool) => tool.name)).size).toBe(demoTools.length);
    for (const { slug, ...tool } of demoTools) {
      expect(() => createToolBody.parse({ ...tool, img: `/uploads/demo-${slug}.webp` })).not.toThrow();
      expect(tool.description.length, tool.name).toBeGreaterThanOrEqual(180);
      expect(tool.description.length, tool.name).toBeLessThanOrEqual(400);
      expect(tool.availableQuantity).toBeGreaterThanOrEqual(200);
      expect(tool.availableQuantity).toBeLessThanOrEqual(5000);
      expect(tool.orderQuantity).toBeGreaterThanOrEqual(10);
      expect(tool.orderQuantity).toBeLessThanOrEqual(100);
      expect(Number.isInteger(tool.perPartsPrice)).toBe(true);
      expect(tool.perPartsPrice).toBeGreaterThanOrEqual(2);
      expect(tool.perPartsPrice).toBeLessThanOrEqual(150);
    }
  });

  it('has a light WebP picture for every tool in the three widths an upload gets (400, 800, 1600)', async () => {
    for (const { slug } of demoTools) {
      for (const [name, width] of [
        [`${slug}-400w.webp`, 400],
        [`${slug}-800w.webp`, 800],
        [`${slug}.webp`, 1600],
      ] as const) {
        const file = path.join(demoImagesDir, name);
        const meta = await sharp(file).metadata();
        expect(meta, name).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
        expect(statSync(file).size, name).toBeLessThan(30 * 1024);
      }
    }
  });

  it('has mostly good reviews, some long enough to be shortened on the card', () => {
    expect(demoReviews.length).toBeGreaterThanOrEqual(4);
    for (const review of demoReviews) {
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.title.length).toBeLessThanOrEqual(100);
    }
    expect(demoReviews.filter((review) => review.rating >= 4).length).toBeGreaterThan(demoReviews.length / 2);
    expect(demoReviews.some((review) => review.review.length >= 110)).toBe(true);
    expect(demoReviews.some((review) => review.review.length < 110)).toBe(true);
  });
});

describe('seeding an empty database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.app);
  });
  afterAll(() => ctx.close());

  it('lists every demo tool, oldest first in catalogue order, with valid figures', async () => {
    const list = await listTools(ctx);
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.map((tool) => tool.name)).toEqual(demoTools.map((tool) => tool.name));
    for (const tool of list) {
      expect(Number.isInteger(tool.perPartsPrice)).toBe(true);
      expect(tool.perPartsPrice).toBeGreaterThan(0);
      expect(tool.orderQuantity).toBeGreaterThanOrEqual(1);
      expect(tool.orderQuantity).toBeLessThanOrEqual(tool.availableQuantity);
      expect(tool.description.length).toBeGreaterThan(0);
      expect(tool.img).toMatch(/^\/uploads\/demo-[a-z-]+\.webp$/);
    }
    const times = list.map((tool) => Date.parse(tool.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });

  it('serves every tool picture as a WebP image', async () => {
    for (const tool of await listTools(ctx)) {
      const response = await ctx.app.inject({ method: 'GET', url: tool.img });
      expect(response.statusCode, tool.img).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.rawPayload.length).toBeGreaterThan(0);
      expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('records every demo picture as an upload used by its tool', async () => {
    const records = await ctx.database.db.select().from(uploads);
    const list = await listTools(ctx);
    expect(records).toHaveLength(list.length);
    for (const tool of list) {
      expect(records).toContainEqual(
        expect.objectContaining({
          key: tool.img.slice('/uploads/'.length),
          toolId: tool._id,
          width: 1600,
          height: 1200,
          copyWidths: [400, 800],
          uploadedBy: null,
        }),
      );
    }
  });

  it('adds the demo reviews', async () => {
    const list = await listReviews(ctx);
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const review of list) {
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.name.length).toBeGreaterThan(0);
      expect(review.review.length).toBeGreaterThan(0);
    }
  });

  it('seeding again adds nothing', async () => {
    const toolsBefore = (await listTools(ctx)).length;
    const reviewsBefore = (await listReviews(ctx)).length;
    await seedDemoData(ctx.app);
    expect((await listTools(ctx)).length).toBe(toolsBefore);
    expect((await listReviews(ctx)).length).toBe(reviewsBefore);
  });
});

describe('seeding a database that already has a tool', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('leaves the catalogue and the reviews alone', async () => {
    const admin = await signUpAdmin(ctx.app);
    const id = await addTool(ctx.app, admin, { name: 'Our Own Brush' });
    await seedDemoData(ctx.app);
    const list = await listTools(ctx);
    expect(list.map((tool) => tool._id)).toEqual([id]);
    expect(await listReviews(ctx)).toEqual([]);
  });
});

describe('seeding with pictures in an S3-compatible bucket', () => {
  let store: StorageFixture;
  let ctx: TestContext;
  beforeAll(async () => {
    store = await startS3Storage();
    ctx = await createTestApp({ env: store.env });
    await seedDemoData(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await store.close();
  });

  it('saves every demo picture in the bucket and serves it from there', async () => {
    const list = await listTools(ctx);
    const keys = list.flatMap((tool) => tool.images.map((image) => image.url.slice('/uploads/'.length)));
    expect(keys).toHaveLength(list.length * 3);
    expect((await store.storedKeys(ctx.dataDir)).sort()).toEqual([...keys].sort());
    for (const tool of list) {
      expect(tool.images.map((image) => image.width)).toEqual([400, 800, 1600]);
      expect(tool.images.at(-1)!.url).toBe(tool.img);
      for (const { url, width } of tool.images) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width });
      }
    }
  });
});
