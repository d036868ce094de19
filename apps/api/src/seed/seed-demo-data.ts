import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import type { FastifyInstance } from 'fastify';
import { insertReview, reviews } from '../modules/reviews';
import {
  hasAnyTool,
  insertTool,
  tools,
  recordUpload,
  COPY_WIDTHS,
  STORED_IMAGE_TYPE,
  copyKey,
  demoUploadKey,
  uploadUrl,
} from '../modules/catalogue';
import { createToolBody } from '@shop/shared/contracts/tools';
import type { ImageStorage } from '../modules/catalogue';
import { demoReviews, demoTools } from './demo-catalogue';
import { inApiFolder } from '../lib/api-folder';

/** Where the committed demo pictures live (drawn by scripts/make-demo-images.ts). */
export const demoImagesDir = inApiFolder('seed-assets/tools');

/** Any constant: two instances starting together on one empty database seed it once. */
const SEED_LOCK_ID = 72_505_002;
const MINUTE = 60_000;

/**
 * First start with an empty catalogue: add the demo tools and reviews.
 * Pictures are saved to the storage first, then every row (their upload records included) is
 * written in one transaction, so a crash part-way leaves an empty catalogue that the next
 * start seeds again.
 */
export async function seedDemoData(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  if (await hasAnyTool(db)) return;

  try {
    const pictures = await saveDemoPictures(app.uploads.storage);
    const counts = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      // Another instance may have seeded while this one waited for the lock.
      const [anyTool] = await tx.select({ id: tools.id }).from(tools).limit(1);
      if (anyTool) return null;

      // Spaced a minute apart and in the past: catalogue order is oldest first, and
      // anything an admin adds later is newer than every demo row.
      const toolsStart = Date.now() - (demoTools.length + demoReviews.length + 1) * MINUTE;
      for (const [key, facts] of pictures) await recordUpload(tx, { key, ...facts, uploadedBy: null });
      for (const [index, { slug, ...tool }] of demoTools.entries()) {
        const img = uploadUrl(demoUploadKey(slug));
        // Parsed as an admin's request is: the trade fields get their defaults, a bad ladder fails here.
        await insertTool(tx, createToolBody.parse({ ...tool, img }), {
          createdAt: new Date(toolsStart + index * MINUTE),
        });
      }

      // Reviews are written by customers, not by the catalogue: add the demo ones only to an
      // empty list, so that a catalogue emptied by an admin does not repeat them.
      const [anyReview] = await tx.select({ id: reviews.id }).from(reviews).limit(1);
      if (anyReview) return { tools: demoTools.length, reviews: 0 };
      const reviewsStart = toolsStart + demoTools.length * MINUTE;
      for (const [index, review] of demoReviews.entries()) {
        const createdAt = new Date(reviewsStart + index * MINUTE);
        await insertReview(tx, { userId: null, ...review, createdAt });
      }
      return { tools: demoTools.length, reviews: demoReviews.length };
    });
    if (counts) {
      app.tellChanged('tools');
      app.tellChanged('reviews');
      app.log.info(counts, `demo data: ${counts.tools} tools, ${counts.reviews} reviews`);
    }
  } catch (error) {
    throw new Error('Could not add the demo catalogue (SEED_DEMO=false skips it)', { cause: error });
  }
}

interface PictureFacts {
  byteSize: number;
  width: number;
  height: number;
  copyWidths: number[];
}

/**
 * Saves each demo picture under its stable key, with its narrower copies drawn beside it
 * (scripts/make-demo-images.ts), as an upload has them; saving one again replaces it whole.
 */
async function saveDemoPictures(storage: ImageStorage): Promise<Map<string, PictureFacts>> {
  const pictures = new Map<string, PictureFacts>();
  // The header gives the size: decoding with sharp would load libvips (some 40 MB) at every
  // first start only to read two numbers (docs/decisions/0026-embedded-database-memory.md).
  for (const { slug } of demoTools) {
    const key = demoUploadKey(slug);
    for (const width of COPY_WIDTHS) {
      const copy = await readFile(path.join(demoImagesDir, copyKey(`${slug}.webp`, width)));
      await storage.save(copyKey(key, width), copy, STORED_IMAGE_TYPE);
    }
    const bytes = await readFile(path.join(demoImagesDir, `${slug}.webp`));
    const { width, height } = imageSize(bytes);
    await storage.save(key, bytes, STORED_IMAGE_TYPE);
    pictures.set(key, { byteSize: bytes.length, width, height, copyWidths: [...COPY_WIDTHS] });
  }
  return pictures;
}
