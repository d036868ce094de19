import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/call';
import { lowestStockAfter, stockAndLedger } from './helpers/stock-ledger';
import { addTool, openShop, type Shop } from './helpers/test-app';

/**
 * docs/behaviour.md §3.11: after any sequence of restocks, adjustments, orders and cancellations,
 * a tool's stock is the sum of its ledger, never below zero, and what a model of the rules says.
 */
let ctx: Shop<'ann' | 'ben'>;

beforeAll(async () => {
  ctx = await openShop({ customers: ['ann', 'ben'] });
});
afterAll(() => ctx.close());

type Step =
  | { kind: 'restock'; quantity: number }
  | { kind: 'adjust'; delta: number }
  | { kind: 'order'; quantity: number; who: 'ann' | 'ben' }
  | { kind: 'cancel'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('restock' as const), quantity: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant('adjust' as const),
    delta: fc.integer({ min: -60, max: 30 }).filter((d) => d !== 0),
  }),
  fc.record({
    kind: fc.constant('order' as const),
    quantity: fc.integer({ min: 1, max: 50 }),
    who: fc.constantFrom('ann' as const, 'ben' as const),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);

describe('the stock ledger', () => {
  it('stock = sum of movements = the model, never below zero, after any sequence', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.array(step, { maxLength: 12 }),
        async (initial, steps) => {
          const { app, admin, customers } = ctx;
          const toolId = await addTool(app, admin, {
            availableQuantity: initial,
            orderQuantity: 1,
            perPartsPrice: 1,
          });
          let model = initial;
          const open: { id: string; quantity: number; who: 'ann' | 'ben' }[] = [];
          for (const s of steps) {
            if (s.kind === 'restock') {
              const response = await call(app, 'POST /tool/:id/restock', {
                as: admin,
                params: { id: toolId },
                body: { quantity: s.quantity },
              });
              expect(response.status).toBe(201);
              model += s.quantity;
            } else if (s.kind === 'adjust') {
              const response = await call(app, 'POST /tool/:id/stock-adjustment', {
                as: admin,
                params: { id: toolId },
                body: { delta: s.delta, reason: 'Property count' },
              });
              expect(response.status).toBe(model + s.delta >= 0 ? 201 : 409);
              if (model + s.delta >= 0) model += s.delta;
            } else if (s.kind === 'order') {
              const response = await call(app, 'POST /order', {
                as: customers[s.who],
                body: {
                  toolsId: toolId,
                  phoneNumber: '01711000000',
                  address: '1 Easel Street',
                  quantity: s.quantity,
                },
              });
              expect(response.status).toBe(s.quantity <= model ? 201 : 409);
              if (s.quantity <= model) {
                model -= s.quantity;
                open.push({
                  id: response.body.insertedId,
                  quantity: s.quantity,
                  who: s.who,
                });
              }
            } else if (open.length > 0) {
              const [cancelled] = open.splice(s.pick % open.length, 1);
              const response = await call(app, 'DELETE /order/:id', {
                as: customers[cancelled!.who],
                params: { id: cancelled!.id },
              });
              expect(response.status).toBe(200);
              model += cancelled!.quantity;
            }
            const { stock, ledgerSum } = await stockAndLedger(ctx.database.db, toolId);
            expect(stock).toBe(model);
            expect(ledgerSum).toBe(model);
          }
          expect(await lowestStockAfter(ctx.database.db, toolId)).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 25 },
    );
  });
});
