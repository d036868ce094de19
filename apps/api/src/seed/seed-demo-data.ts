import { copyFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dollarsToCents } from '@shop/shared/money';
import { reviews } from '../modules/reviews/reviews.table';
import { hasAnyTool } from '../modules/tools/tools.service';
import { tools } from '../modules/tools/tools.table';
import { demoReviews, demoTools } from './demo-catalogue';

/** Where the committed demo pictures live (drawn by scripts/make-demo-images.ts). */
export const demoImagesDir = fileURLToPath(new URL('../../seed-assets/tools/', import.meta.url));

/** Any constant: two instances starting together on one empty database seed it once. */
const SEED_LOCK_ID = 72_505_002;
const MINUTE = 60_000;

/** The stable name a demo picture gets among the uploads, served at /uploads/<name>. */
export const demoImageName = (slug: string) => `demo-${slug}.webp`;

/**
 * First start with an empty catalogue: add the demo tools and reviews.
 * Pictures are copied first, then every row is written in one transaction, so a crash
 * part-way leaves an empty catalogue that the next start seeds again.
 */
export async function seedDemoData(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  if (await hasAnyTool(db)) return;

  try {
    await copyDemoImages(app.uploadsDir);
    const counts = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      // Another instance may have seeded while this one waited for the lock.
      const [anyTool] = await tx.select({ id: tools.id }).from(tools).limit(1);
      if (anyTool) return null;

      // Spaced a minute apart and in the past: catalogue order is oldest first, and
      // anything an admin adds later is newer than every demo row.
      const toolsStart = Date.now() - (demoTools.length + demoReviews.length + 1) * MINUTE;
      await tx.insert(tools).values(
        demoTools.map((tool, index) => ({
          name: tool.name,
          imageUrl: `/uploads/${demoImageName(tool.slug)}`,
          availableQuantity: tool.availableQuantity,
          minOrderQuantity: tool.orderQuantity,
          unitPriceCents: dollarsToCents(tool.perPartsPrice),
          description: tool.description,
          createdAt: new Date(toolsStart + index * MINUTE),
        })),
      );

      // Reviews are written by customers, not by the catalogue: add the demo ones only to an
      // empty list, so that a catalogue emptied by an admin does not repeat them.
      const [anyReview] = await tx.select({ id: reviews.id }).from(reviews).limit(1);
      if (anyReview) return { tools: demoTools.length, reviews: 0 };
      const reviewsStart = toolsStart + demoTools.length * MINUTE;
      await tx.insert(reviews).values(
        demoReviews.map((review, index) => ({
          userId: null,
          name: review.name,
          rating: review.rating,
          review: review.review,
          title: review.title,
          createdAt: new Date(reviewsStart + index * MINUTE),
        })),
      );
      return { tools: demoTools.length, reviews: demoReviews.length };
    });
    if (counts) app.log.info(counts, `demo data: ${counts.tools} tools, ${counts.reviews} reviews`);
  } catch (error) {
    throw new Error('Could not add the demo catalogue (SEED_DEMO=false skips it)', { cause: error });
  }
}

/** Copies each picture under its stable name; a rename makes each file appear whole or not at all. */
async function copyDemoImages(uploadsDir: string): Promise<void> {
  for (const { slug } of demoTools) {
    const target = path.join(uploadsDir, demoImageName(slug));
    const partial = `${target}.${process.pid}.partial`;
    await copyFile(path.join(demoImagesDir, `${slug}.webp`), partial);
    await rename(partial, target);
  }
}
