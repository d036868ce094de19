import { describe, expect, it } from 'vitest';
import { callApi } from '@/lib/api-client';
import { mockApi } from './fetch-mock';
import { aTool } from './fixtures';

/**
 * A route is mocked by its key in the route table, with the body the table types: a mock that no
 * longer matches the API's contract fails `tsc -p apps/web` (each @ts-expect-error below must
 * stay an error), and the path is built by the client's own routeRequest.
 */
describe('mockApi', () => {
  it('answers a route by its key, params and query, whatever order the query comes in', async () => {
    const { calls } = mockApi({
      'GET /tool/:id': { params: { id: 't1' }, body: aTool({ _id: 't1' }) },
      'GET /my-order': { query: { email: 'cara@shop.test' }, body: [] },
    });
    await expect(callApi('GET /tool/:id', { params: { id: 't1' } })).resolves.toMatchObject({ _id: 't1' });
    await expect(callApi('GET /my-order', { query: { email: 'cara@shop.test' } })).resolves.toEqual([]);
    expect(calls.map((call) => call.route)).toEqual(['GET /tool/:id', 'GET /my-order']);
  });

  it('refuses a body of the wrong shape, a missing param and a refusal without its code', () => {
    const typeOnly = () =>
      mockApi({
        // @ts-expect-error a tool's list is not one tool
        'GET /tool': { body: aTool() },
        // @ts-expect-error the path needs its id
        'GET /tool/:id': { body: aTool() },
        // @ts-expect-error every refusal carries a code
        'GET /review': { status: 404, body: { message: 'Not found' } },
        // @ts-expect-error an order answered by a handler is typed too
        'GET /my-order': {
          query: { email: 'cara@shop.test' },
          answer: () => ({ body: [{ total: 'lots' }] }),
        },
      });
    expect(typeOnly).toBeTypeOf('function');
  });
});
