import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ApiRoutes } from '@shop/shared/api/routes';
import { mockApi } from '@/test/fetch-mock';
import { aTool } from '@/test/fixtures';
import { callApi } from './api-client';
import { toTool, type Tool } from './domain/tool';

/**
 * The web client's types come from the same route table the API registers its routes from
 * (packages/shared/src/api/routes.ts). The expectTypeOf lines and the @ts-expect-error lines are
 * checked by `tsc -p apps/web` (`npm run typecheck`), which covers every file under src: change a
 * response schema in packages/shared (rename, drop or retype a field) without updating the
 * mapping in lib/domain, and `tsc -p apps/web` fails there and here. An @ts-expect-error that no
 * longer meets an error fails it too, so the refusals below stay real.
 */

type ToolSchema = ApiRoutes['GET /tool/:id']['response']['schema'];

const getTool = () => callApi('GET /tool/:id', { params: { id: 't1' } });

/** A valid POST /tool body but for the unit price. */
const roller = {
  name: 'Paint Roller',
  availableQuantity: 500,
  orderQuantity: 50,
  description: 'A 9-inch roller for walls.',
  img: '/uploads/roller.webp',
  category: 'home' as const,
};

/** Never run: only the type checker reads it. */
export function refusedCalls() {
  void callApi('POST /tool', { body: { ...roller, perPartsPrice: 7 } });
  // @ts-expect-error: GET /tool/:id takes an id
  void callApi('GET /tool/:id', { params: {} });
  // @ts-expect-error: and cannot be called without its input at all
  void callApi('GET /tool/:id');
  void callApi('POST /tool', {
    // @ts-expect-error: the request keeps the wire names (perPartsPrice), not the web app's
    body: { ...roller, unitPrice: 7 },
  });
  // @ts-expect-error: the table has no such route
  void callApi('GET /tools');
}

describe('the web client and the route table', () => {
  it("answers a route with exactly the input type of the table's response schema", () => {
    expectTypeOf(getTool).returns.resolves.toEqualTypeOf<z.input<ToolSchema>>();
  });

  it('maps that answer to the domain Tool, whose fields take their types from the wire', () => {
    expectTypeOf(toTool).parameter(0).toEqualTypeOf<z.input<ToolSchema>>();
    expectTypeOf(toTool).returns.toEqualTypeOf<Tool>();
    expectTypeOf<Tool['unitPrice']>().toEqualTypeOf<z.input<ToolSchema>['perPartsPrice']>();
    expectTypeOf<Tool['minOrderQuantity']>().toEqualTypeOf<z.input<ToolSchema>['orderQuantity']>();
  });

  it('calls the path of the route key and hands back the wire record, which toTool renames', async () => {
    const wire = aTool({ _id: 't1', img: '/uploads/t1.webp', orderQuantity: 10, perPartsPrice: 3 });
    const { calls } = mockApi({ 'GET /tool/:id': { params: { id: 't1' }, body: wire } });
    const answer = await getTool();
    expect(calls.map((call) => [call.method, call.url])).toEqual([['GET', '/api/tool/t1']]);
    expect(toTool(answer)).toEqual({
      id: 't1',
      name: wire.name,
      sku: 'BR-50A',
      imageUrl: '/uploads/t1.webp',
      images: wire.images,
      availableQuantity: wire.availableQuantity,
      minOrderQuantity: 10,
      unitPrice: 3,
      description: wire.description,
      category: 'home',
      createdAt: wire.createdAt,
      lowStockThreshold: null,
      packSize: 1,
      maxOrderQuantity: null,
      shipPrice: 25,
      priceBreaks: [],
      listPrice: null,
    });
  });
});
