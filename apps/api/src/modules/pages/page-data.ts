import type { PageData, PageDataKey } from '@shop/shared/server-rendering';
import type { Database } from '../../db/client';
import { listTools } from '../tools/tools.service';
import { listReviews } from '../reviews/reviews.service';

/**
 * What a server-rendered page shows (docs/decisions/0017): the same lists GET /tool and
 * GET /review answer, read at each request, so a page never shows a tool deleted a moment ago.
 * The one place page rendering reads data from.
 */
export async function loadPageData(db: Database, keys: readonly PageDataKey[]): Promise<PageData> {
  const data: PageData = {};
  if (keys.includes('tools')) data.tools = await listTools(db);
  if (keys.includes('reviews')) data.reviews = await listReviews(db);
  return data;
}
