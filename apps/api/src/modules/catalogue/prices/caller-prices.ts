import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tool } from '@shop/shared/contracts/tools';
import { centsToDollars } from '@shop/shared/money';
import type { ContractRate } from '@shop/shared/pricing';
import type { DbExecutor } from '../../../db/client';
import type { CachedJson } from '../../../lib/cached-json';
import { sendCachedJson } from '../../../lib/cached-json';
import { membershipOf } from '../../companies';
import { priceBreaksInDollars } from '../tools/tool-dto';
import { contractRatesOf } from './contract-prices';

/** The caller's company's contract rates; null for a visitor, a customer, or a company without any. */
async function ratesOfCaller(
  db: DbExecutor,
  request: FastifyRequest,
): Promise<Map<string, ContractRate> | null> {
  if (!request.actor) return null;
  const membership = await membershipOf(db, request.actor.id);
  if (!membership) return null;
  const rates = await contractRatesOf(db, membership.companyId);
  return rates.size > 0 ? rates : null;
}

/** A tool as a member of a company with a contract for it sees it: the company's price, and the list one beside. */
function withRate(tool: Tool, rates: Map<string, ContractRate>): Tool {
  const rate = rates.get(tool._id);
  if (!rate) return tool;
  return {
    ...tool,
    perPartsPrice: centsToDollars(rate.unitPriceCents),
    priceBreaks: priceBreaksInDollars(rate.priceBreaks),
    listPrice: tool.perPartsPrice,
  };
}

/**
 * Answers a catalogue read (docs/behaviour.md §3.15): the cached body everyone shares, or, for a
 * member of a company with contract prices, that body with the company's prices put in, sent
 * `private, no-store` and without an ETag. So the shared body, its ETag and every cache in
 * between only ever hold list prices, and a member's If-None-Match never confirms a list-price
 * copy. Vary names Authorization on both (sendCachedJson's too), for any cache that keeps either.
 */
export async function sendToolsForCaller(
  db: DbExecutor,
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
): Promise<FastifyReply> {
  const rates = await ratesOfCaller(db, request);
  if (!rates) return sendCachedJson(request, reply, cached);
  const body = JSON.parse(cached.body.toString('utf8')) as Tool | Tool[];
  const priced = Array.isArray(body) ? body.map((tool) => withRate(tool, rates)) : withRate(body, rates);
  return reply
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept-encoding, authorization')
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(priced));
}
