import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInput } from '@shop/shared/api/routes';
import { createToolBody, type Tool, type ToolSort } from '@shop/shared/contracts/tools';
import { insertTool } from '../src/modules/catalogue/tools/tools.service';
import { allPages as pagesOf, call, nextPageQuery } from './helpers/call';
import { addTool, openShop, toolInput, type Shop } from './helpers/test-app';

// docs/behaviour.md §3.4: search, filters, sorts and keyset pages of GET /tool. Runs on PGlite,
// and on PostgreSQL with TEST_DATABASE_URL: both must give the same answers.

let ctx: Shop<never>;
const MINUTE = 60_000;
// In the past: a tool added through the API later is the newest.
const start = Date.parse('2020-01-01T00:00:00Z');

/** name, category, price, stock, minimum: a small catalogue whose every answer is known. */
const catalogue = [
  ['Flat Wall Brush', 'home', 14, 2400, 24, 'Broad brush for walls and fences.'],
  ['Angled Sash Brush', 'home', 9, 3200, 24, 'Cut in along window frames.'],
  ['Paint Roller Kit', 'home', 18, 1800, 20, 'Five-wire frame with a woven cover.'],
  ['Roller Tray', 'home', 6, 10, 50, 'Deep-well tray; the ramp spreads paint.'],
  ['Filling Knife', 'professional', 8, 2600, 30, 'Springy stainless blade for filler.'],
  ['HVLP Spray Gun', 'professional', 129, 0, 1, 'Gravity-fed gun for lacquers and primers.'],
  ['Artist Brush Set', 'student', 11, 900, 10, 'Five brushes for classrooms.'],
  ['Extension Pole', 'professional', 23, 700, 10, 'Telescopic pole; threads into rollers.'],
] as const;

const names = (tools: Tool[]) => tools.map((tool) => tool.name);

type ToolQuery = RouteInput<'GET /tool'>['query'];

async function list(query: ToolQuery): Promise<Tool[]> {
  const response = await call(ctx.app, 'GET /tool', { query });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Every page of a query, following each Link header to the end. */
async function allPages(query: ToolQuery): Promise<{ pages: Tool[][]; links: string[] }> {
  const answers = await pagesOf(ctx.app, 'GET /tool', { query });
  return {
    pages: answers.map((answer) => answer.body),
    links: answers.flatMap((answer) => (answer.headers.link ? [String(answer.headers.link)] : [])),
  };
}

beforeAll(async () => {
  ctx = await openShop();
  await ctx.database.db.transaction(async (tx) => {
    for (const [index, [name, category, price, stock, minimum, description]] of catalogue.entries()) {
      await insertTool(
        tx,
        createToolBody.parse(
          toolInput({
            name,
            category,
            perPartsPrice: price,
            availableQuantity: stock,
            orderQuantity: minimum,
            description,
          }),
        ),
        { createdAt: new Date(start + index * MINUTE) },
      );
    }
  });
  ctx.app.tellChanged('tools');
});
afterAll(() => ctx.close());

describe('GET /tool without parameters', () => {
  it('answers the whole list, oldest first, from memory with its ETag, and no Link header', async () => {
    const response = await call(ctx.app, 'GET /tool');
    expect(response.status).toBe(200);
    expect(response.headers.etag).toMatch(/^"/);
    expect(response.headers.link).toBeUndefined();
    expect(names(response.body)).toEqual(catalogue.map(([name]) => name));
  });

  it('shows every tool with its category', async () => {
    const tools = await list({ sort: 'oldest' });
    expect(tools.map((tool) => tool.category)).toEqual(catalogue.map(([, category]) => category));
  });
});

describe('search (q)', () => {
  it('matches words of the name and the description, by prefix', async () => {
    expect(names(await list({ q: 'bru' }))).toEqual([
      'Flat Wall Brush',
      'Angled Sash Brush',
      'Artist Brush Set',
    ]);
    expect(names(await list({ q: 'lacquer' }))).toEqual(['HVLP Spray Gun']);
    expect(names(await list({ q: 'ROLL' }))).toEqual(['Paint Roller Kit', 'Roller Tray', 'Extension Pole']);
  });

  it('finds a word by another form of it (English stemming)', async () => {
    expect(names(await list({ q: 'brushes' }))).toEqual([
      'Flat Wall Brush',
      'Angled Sash Brush',
      'Artist Brush Set',
    ]);
    expect(names(await list({ q: 'windows' }))).toEqual(['Angled Sash Brush']);
  });

  it('needs every word to match', async () => {
    expect(names(await list({ q: 'brush wall' }))).toEqual(['Flat Wall Brush']);
    expect(await list({ q: 'brush lacquer' })).toEqual([]);
  });

  it('reads query syntax and punctuation as plain text, never as an error', async () => {
    for (const q of ["brush' OR 1=1 --", 'brush & | ! ( ) :* <->', '!!!', '', '   ', 'ünïcödé', 'the']) {
      const response = await call(ctx.app, 'GET /tool', { query: { q } });
      expect(response.status, `${q}: ${response.text}`).toBe(200);
    }
    expect(names(await list({ q: "brush' OR 1=1 --" }))).toEqual([]);
    // No word at all is no search: the whole (first page of the) list.
    expect(await list({ q: '!!!' })).toHaveLength(catalogue.length);
  });
});

describe('filters', () => {
  it('category', async () => {
    expect(names(await list({ category: 'student' }))).toEqual(['Artist Brush Set']);
    expect(names(await list({ category: 'professional' }))).toEqual([
      'Filling Knife',
      'HVLP Spray Gun',
      'Extension Pole',
    ]);
  });

  it('inStock: only tools a customer can order now (stock at least the minimum order)', async () => {
    const inStock = names(await list({ inStock: 'true' }));
    expect(inStock).not.toContain('HVLP Spray Gun'); // no stock
    expect(inStock).not.toContain('Roller Tray'); // 10 left, minimum 50
    expect(inStock).toHaveLength(catalogue.length - 2);
    expect(await list({ inStock: 'false' })).toHaveLength(catalogue.length);
  });

  it('minPrice and maxPrice in dollars, both ends included', async () => {
    expect(names(await list({ minPrice: '18' }))).toEqual([
      'Paint Roller Kit',
      'HVLP Spray Gun',
      'Extension Pole',
    ]);
    expect(names(await list({ maxPrice: '8' }))).toEqual(['Roller Tray', 'Filling Knife']);
    expect(names(await list({ minPrice: '8.5', maxPrice: '11.00' }))).toEqual([
      'Angled Sash Brush',
      'Artist Brush Set',
    ]);
    expect(await list({ minPrice: '14', maxPrice: '14' })).toHaveLength(1);
  });

  it('combine: search, category, stock, price and sort together', async () => {
    expect(
      names(
        await list({
          q: 'brush',
          category: 'home',
          inStock: 'true',
          minPrice: '5',
          maxPrice: '20',
          sort: 'price-desc',
        }),
      ),
    ).toEqual(['Flat Wall Brush', 'Angled Sash Brush']);
    expect(names(await list({ category: 'professional', inStock: 'true', sort: 'name' }))).toEqual([
      'Extension Pole',
      'Filling Knife',
    ]);
    expect(await list({ q: 'gun', inStock: 'true' })).toEqual([]);
  });
});

describe('sorts', () => {
  const byPrice = [...catalogue].sort((a, b) => a[2] - b[2]).map(([name]) => name);

  it.each<[ToolSort, string[]]>([
    ['oldest', catalogue.map(([name]) => name)],
    ['newest', catalogue.map(([name]) => name).reverse()],
    ['price-asc', byPrice],
    ['price-desc', [...byPrice].reverse()],
    ['name', catalogue.map(([name]) => name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))],
  ])('%s', async (sort, expected) => {
    expect(names(await list({ sort }))).toEqual(expected);
    // The same order page by page.
    const { pages } = await allPages({ sort, limit: '3' });
    expect(pages.map((page) => page.length)).toEqual([3, 3, 2]);
    expect(names(pages.flat())).toEqual(expected);
  });
});

describe('pages', () => {
  it('answers 24 tools by default, with a Link header to the next page while more follow', async () => {
    const { pages, links } = await allPages({ limit: '5', category: 'home' });
    expect(pages.map((page) => page.length)).toEqual([4]);
    expect(links).toEqual([]);

    const paged = await allPages({ limit: '2', q: 'brush' });
    expect(paged.pages.map((page) => page.length)).toEqual([2, 1]);
    expect(paged.links).toHaveLength(1);
    expect(paged.links[0]).toMatch(/^<\/api\/tool\?limit=2&q=brush&cursor=[\w-]+>; rel="next"$/);

    const all = await allPages({ sort: 'price-asc' });
    expect(all.pages[0]!.length).toBeLessThanOrEqual(24);
  });

  it('ties on the sort key are broken by id, so no tool is skipped or repeated', async () => {
    const ids = await ctx.database.db.transaction(async (tx) => {
      const made: string[] = [];
      for (let i = 0; i < 7; i++) {
        made.push(
          await insertTool(
            tx,
            createToolBody.parse(
              toolInput({ name: `Twin Scraper ${i}`, perPartsPrice: 77, category: 'professional' }),
            ),
            { createdAt: new Date(start - 10 * MINUTE) },
          ).then(({ id }) => id),
        );
      }
      return made;
    });
    ctx.app.tellChanged('tools');
    for (const sort of ['oldest', 'newest', 'price-asc', 'price-desc'] as const) {
      const { pages } = await allPages({ q: 'twin', sort, limit: '2' });
      const seen = pages.flat().map((tool) => tool._id);
      expect(new Set(seen).size, sort).toBe(7);
      expect(seen.sort()).toEqual([...ids].sort());
    }
  });

  it('a cursor stays true when tools are added between pages: nothing skipped or repeated', async () => {
    const first = await call(ctx.app, 'GET /tool', {
      query: { sort: 'newest', limit: '3', category: 'home' },
    });
    const next = nextPageQuery(first);
    // Added after the first page: newer than everything, so it belongs before the cursor.
    await call(ctx.app, 'POST /tool', {
      as: ctx.admin,
      body: toolInput({ name: 'Late Sponge', category: 'home' }),
    });
    const second = await call(ctx.app, 'GET /tool', { query: next });
    const seen = [...names(first.body), ...names(second.body)];
    expect(seen).toEqual(['Roller Tray', 'Paint Roller Kit', 'Angled Sash Brush', 'Flat Wall Brush']);
    // Oldest first, a tool added meanwhile comes on a later page, never twice.
    const oldestFirst = await allPages({ sort: 'oldest', limit: '4', category: 'home' });
    expect(names(oldestFirst.pages.flat()).at(-1)).toBe('Late Sponge');
  });
});

describe('bad parameters get a clear 400', () => {
  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=ten', 'limit must be a whole number from 1 to 100'],
    ['limit=2.5', 'limit must be a whole number from 1 to 100'],
    ['limit=-1', 'limit must be a whole number from 1 to 100'],
    ['sort=cheapest', 'sort must be one of: oldest, newest, price-asc, price-desc, name'],
    ['category=garden', 'category must be one of: home, professional, student'],
    ['inStock=yes', 'inStock must be true or false'],
    ['minPrice=cheap', 'minPrice must be an amount in dollars, such as 12 or 12.50'],
    ['maxPrice=-5', 'maxPrice must be an amount in dollars, such as 12 or 12.50'],
    ['maxPrice=1.999', 'maxPrice must be an amount in dollars, such as 12 or 12.50'],
    ['minPrice=200000', 'minPrice must be at most 100,000 dollars'],
    ['minPrice=20&maxPrice=10', 'minPrice must not be above maxPrice'],
    ['cursor=not*a*cursor', 'cursor is not one this list gave out'],
    [
      `cursor=${Buffer.from('["oldest","1","x"]').toString('base64url')}`,
      'cursor is not one this list gave out',
    ],
    [
      `cursor=${Buffer.from('["oldest","x; drop","00000000-0000-4000-8000-000000000000"]').toString('base64url')}`,
      'cursor is not one this list gave out',
    ],
    ['cursor=e30', 'cursor is not one this list gave out'],
    [`q=${'a'.repeat(101)}`, 'q must be 100 characters or fewer'],
    ['q=a%00b', 'Remove the control characters (such as tabs or line breaks) from this field'],
    ['colour=red', 'colour'],
    ['q=a&q=b', '"field":"q"'],
  ])('%s', async (query, message) => {
    const response = await call(ctx.app, 'GET /tool', { unsafeQuery: query });
    expect(response.status, response.text).toBe(400);
    const body = response.error;
    expect(body.code).toBe('invalid-input');
    expect(JSON.stringify(body)).toContain(message);
  });

  it('a cursor of another sort is refused, not misread', async () => {
    const first = await call(ctx.app, 'GET /tool', { query: { sort: 'price-asc', limit: '2' } });
    const { cursor } = nextPageQuery(first)!;
    const response = await call(ctx.app, 'GET /tool', { query: { sort: 'name', limit: '2', cursor } });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ message: 'cursor is not one this list gave out' });
  });
});

describe('categories', () => {
  it("a new tool's category, when it has one, is one the shop knows (none: uncategorised-tools.test.ts)", async () => {
    for (const category of ['garden', '']) {
      const response = await call(ctx.app, 'POST /tool', {
        as: ctx.admin,
        unsafeBody: { ...toolInput(), category },
      });
      expect(response.status).toBe(400);
      expect(response.error).toMatchObject({
        issues: [
          {
            field: 'category',
            message:
              'Choose a category: home (Home Painting Tools), professional (Professional Tools), student (Student Paint Tools)',
          },
        ],
      });
    }
    const id = await addTool(ctx.app, ctx.admin, { name: 'Canvas Board', category: 'student' });
    const tool = (await call(ctx.app, 'GET /tool/:id', { params: { id } })).body;
    expect(tool.category).toBe('student');
  });
});

describe('page size', () => {
  it('is 24 unless limit says otherwise, and limit=100 takes up to 100', async () => {
    await ctx.database.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) {
        await insertTool(tx, createToolBody.parse(toolInput({ name: `Bulk Sponge ${i}` })));
      }
    });
    ctx.app.tellChanged('tools');
    const total = (await list({ limit: '100' })).length;
    expect(total).toBeGreaterThan(24);
    const first = await call(ctx.app, 'GET /tool', { query: { sort: 'name' } });
    expect(first.body).toHaveLength(24);
    expect(first.headers.link).toMatch(/rel="next"/);
    const { pages } = await allPages({ limit: '1', q: 'sponge', sort: 'newest' });
    expect(pages).toHaveLength(31); // 30 bulk sponges and the late one
  });
});

// Last: it adds a tool, which the answers above do not expect.
describe('search follows what a tool says, not its stock', () => {
  it('finds an edited tool by its new words only, and still finds it after a restock', async () => {
    const id = await addTool(ctx.app, ctx.admin, {
      name: 'Lambswool Sleeve',
      description: 'Deep pile for rough render.',
    });
    const edit = (payload: Record<string, unknown>) =>
      call(ctx.app, 'PATCH /tool/:id', { as: ctx.admin, params: { id }, body: payload });
    expect(names(await list({ q: 'lambswool' }))).toEqual(['Lambswool Sleeve']);

    expect((await edit({ name: 'Mohair Sleeve' })).status).toBe(200);
    expect(await list({ q: 'lambswool' })).toEqual([]);
    expect(names(await list({ q: 'mohair render' }))).toEqual(['Mohair Sleeve']);

    expect((await edit({ description: 'Short pile for gloss on smooth doors.' })).status).toBe(200);
    expect(await list({ q: 'render' })).toEqual([]);
    expect(names(await list({ q: 'gloss doors' }))).toEqual(['Mohair Sleeve']);

    const restock = await call(ctx.app, 'POST /tool/:id/restock', {
      as: ctx.admin,
      params: { id },
      body: { quantity: 40 },
    });
    expect(restock.status, restock.text).toBe(201);
    expect(names(await list({ q: 'mohair' }))).toEqual(['Mohair Sleeve']);
  });
});
