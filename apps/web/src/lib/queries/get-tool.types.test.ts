import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RouteResponse } from '@shop/shared/api/routes';
import type { Tool } from '@/lib/domain/tool';
import { getTool, toolQueryOptions, useTool } from './get-tool';

/**
 * The tool hook (purchase and Edit pages) hands out the domain Tool, mapped from the table's answer
 * (lib/api-client.types.test.ts shows that mapping is typed from the table). Checked by
 * `tsc -p apps/web`.
 */
describe('useTool', () => {
  it('answers the domain Tool, not the wire record', () => {
    expectTypeOf(getTool).returns.resolves.toEqualTypeOf<Tool>();
    expectTypeOf(useTool).returns.toHaveProperty('data').toEqualTypeOf<Tool | undefined>();
    expectTypeOf<Tool>().not.toEqualTypeOf<RouteResponse<'GET /tool/:id'>>();
  });

  it('caches each tool under its own key', () => {
    expect(toolQueryOptions('t1').queryKey).toEqual(['GET /tool/:id', { id: 't1' }]);
  });
});
