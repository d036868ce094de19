import type { PageData, PageDataKey } from '@shop/shared/server-rendering';
import type { Catalogue } from '../../plugins/catalogue';

/**
 * What a server-rendered page shows (docs/decisions/0017): the same lists GET /tool and
 * GET /review answer, from the in-memory catalogue those routes answer from (decision 0018),
 * which every write marks stale, so a page never shows a tool deleted a moment ago.
 * The one place page rendering reads data from.
 */
export async function loadPageData(catalogue: Catalogue, keys: readonly PageDataKey[]): Promise<PageData> {
  const data: PageData = {};
  if (keys.includes('tools')) data.tools = [...(await catalogue.tools.list())];
  if (keys.includes('reviews')) data.reviews = [...(await catalogue.reviews.list())];
  return data;
}
