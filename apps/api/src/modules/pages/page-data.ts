import { catalogueQueryOf, catalogueViewOf } from '@shop/shared/catalogue-view';
import { toolListQuery } from '@shop/shared/contracts/tools';
import type { PageData, PageDataKey } from '@shop/shared/server-rendering';
import type { Database } from '../../db/client';
import { searchTools, type ToolsCache } from '../catalogue';
import type { ReviewsCache } from '../reviews';

/** The copies in memory a page reads from (plugins/catalogue.ts keeps them). */
interface PageSources {
  tools: Pick<ToolsCache, 'list' | 'find'>;
  reviews: Pick<ReviewsCache, 'list'>;
}

/**
 * What a server-rendered page shows (docs/decisions/0017): the same lists GET /tool and
 * GET /review answer, and the tool GET /tool/{id} answers (docs/behaviour.md §3.5), from the
 * in-memory catalogue those routes answer from (decision 0018), which every write marks stale,
 * so a page never shows a tool deleted a moment ago. The products page's first page is what
 * `GET /tool` answers to the view its URL asks for. The one place page rendering reads data from.
 */
export async function loadPageData(
  { catalogue, db }: { catalogue: PageSources; db: Database },
  keys: readonly PageDataKey[],
  url: string,
  params: { id?: string } = {},
): Promise<PageData> {
  const data: PageData = {};
  if (keys.includes('tools')) data.tools = [...(await catalogue.tools.list())];
  if (keys.includes('reviews')) data.reviews = [...(await catalogue.reviews.list())];
  if (keys.includes('toolsPage')) {
    const view = catalogueViewOf(new URL(url, 'http://shop.invalid').searchParams);
    const query = toolListQuery.safeParse(catalogueQueryOf(view));
    // A view the API refuses is left to the browser, which asks and shows the API's message.
    if (query.success) {
      const page = await searchTools(db, query.data);
      data.toolsPage = { view, tools: page.tools, nextCursor: page.nextCursor };
    }
  }
  // The product page's tool, as GET /tool/{id} answers it: none (a 404) when it is not in the shop.
  if (keys.includes('product')) {
    const id = params.id ?? '';
    data.product = { id, tool: (await catalogue.tools.find(id)) ?? null };
  }
  return data;
}
