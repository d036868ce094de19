import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ContractPrice, putContractPriceBody } from '@shop/shared/contracts/companies';
import { centsToDollars, dollarsToCents } from '@shop/shared/money';
import { validateLadder, type ContractRate } from '@shop/shared/pricing';
import type { Database, DbExecutor } from '../../../db/client';
import { AppError, notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import type { Actor } from '../../../lib/request-context';
import { recordAudit } from '../../audit';
import { companies, companyAccess } from '../../companies';
import { priceBreaksInDollars } from '../tools/tool-dto';
import { tools } from '../tools/tools.table';
import { contractPrices } from './contract-prices.table';

/** The company's contract rates, by tool id; only the tools named, when `toolIds` is given. */
export async function contractRatesOf(
  db: DbExecutor,
  companyId: string,
  toolIds?: readonly string[],
): Promise<Map<string, ContractRate>> {
  if (toolIds && toolIds.length === 0) return new Map();
  const rows = await db
    .select({
      toolId: contractPrices.toolId,
      unitPriceCents: contractPrices.unitPriceCents,
      priceBreaks: contractPrices.priceBreaks,
    })
    .from(contractPrices)
    .where(
      and(
        eq(contractPrices.companyId, companyId),
        toolIds ? inArray(contractPrices.toolId, [...toolIds]) : undefined,
      ),
    );
  return new Map(rows.map(({ toolId, ...rate }) => [toolId, rate]));
}

async function selectContractPrices(
  db: DbExecutor,
  companyId: string,
  toolId?: string,
): Promise<ContractPrice[]> {
  const rows = await db
    .select({
      price: contractPrices,
      tool: { sku: tools.sku, name: tools.name, unitPriceCents: tools.unitPriceCents },
    })
    .from(contractPrices)
    .innerJoin(tools, eq(tools.id, contractPrices.toolId))
    .where(
      and(eq(contractPrices.companyId, companyId), toolId ? eq(contractPrices.toolId, toolId) : undefined),
    )
    .orderBy(asc(tools.name));
  return rows.map(({ price, tool }) => ({
    toolId: price.toolId,
    sku: tool.sku,
    toolName: tool.name,
    listPrice: centsToDollars(tool.unitPriceCents),
    unitPrice: centsToDollars(price.unitPriceCents),
    priceBreaks: priceBreaksInDollars(price.priceBreaks),
    updatedAt: price.updatedAt.toISOString(),
  }));
}

/** The company's contract prices (docs/behaviour.md §3.15): for its members and the shop's admins. */
export async function listContractPrices(
  db: DbExecutor,
  actor: Actor,
  companyId: string,
): Promise<ContractPrice[]> {
  await companyAccess(db, actor, companyId, 'member');
  return selectContractPrices(db, companyId);
}

async function companyAndTool(db: DbExecutor, companyId: string, toolId: string) {
  const [company] = isUuid(companyId)
    ? await db.select().from(companies).where(eq(companies.id, companyId))
    : [];
  if (!company) throw notFound('Company');
  const [tool] = isUuid(toolId) ? await db.select().from(tools).where(eq(tools.id, toolId)) : [];
  if (!tool) throw notFound('Tool');
  return { company, tool };
}

/**
 * Sets a company's price for a tool (shop admin, §3.15): its unit price and ladder meet the same
 * rules as the tool's own (rungs above the minimum, cheaper as they climb). Recorded in the audit
 * log. Orders already placed keep the price they were placed at.
 */
export async function putContractPrice(
  db: Database,
  actor: Actor,
  companyId: string,
  toolId: string,
  body: z.output<typeof putContractPriceBody>,
): Promise<ContractPrice> {
  const { company, tool } = await companyAndTool(db, companyId, toolId);
  const rate = {
    unitPriceCents: dollarsToCents(body.unitPrice),
    priceBreaks: body.priceBreaks.map((rung) => ({
      fromQuantity: rung.fromQuantity,
      unitPriceCents: dollarsToCents(rung.unitPrice),
    })),
  };
  const issues = validateLadder(
    {
      unitPriceCents: rate.unitPriceCents,
      minOrderQuantity: tool.minOrderQuantity,
      maxOrderQuantity: tool.maxOrderQuantity,
    },
    rate.priceBreaks,
  );
  if (issues.length > 0) {
    throw new AppError(
      'invalid-input',
      issues[0]!.message,
      issues.map((issue) => ({ field: `priceBreaks.${issue.index}.${issue.field}`, message: issue.message })),
    );
  }
  await db.transaction(async (tx) => {
    const [before] = await selectContractPrices(tx, companyId, toolId);
    await tx
      .insert(contractPrices)
      .values({ companyId, toolId, ...rate })
      .onConflictDoUpdate({
        target: [contractPrices.companyId, contractPrices.toolId],
        set: { ...rate, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actor,
      kind: 'company.price',
      target: { type: 'company', id: companyId, label: company.name },
      before: before ? { tool: tool.sku, unitPrice: before.unitPrice } : null,
      after: { tool: tool.sku, unitPrice: body.unitPrice, priceBreaks: body.priceBreaks.length },
    });
  });
  const [price] = await selectContractPrices(db, companyId, toolId);
  return price!;
}

/** Ends a company's price for a tool: its members pay the list price from now on. */
export async function deleteContractPrice(
  db: Database,
  actor: Actor,
  companyId: string,
  toolId: string,
): Promise<number> {
  const { company, tool } = await companyAndTool(db, companyId, toolId);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(contractPrices)
      .where(and(eq(contractPrices.companyId, companyId), eq(contractPrices.toolId, toolId)))
      .returning({ unitPriceCents: contractPrices.unitPriceCents });
    if (removed.length === 0) throw notFound('Contract price');
    await recordAudit(tx, {
      actor,
      kind: 'company.price-remove',
      target: { type: 'company', id: companyId, label: company.name },
      before: { tool: tool.sku, unitPrice: centsToDollars(removed[0]!.unitPriceCents) },
    });
    return removed.length;
  });
}
