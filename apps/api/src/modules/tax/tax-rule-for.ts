import type { TaxRule } from '@shop/shared/tax';
import type { DbExecutor } from '../../db/client';
import { isDatabaseUnreachable } from '../../lib/database-errors';
import { AppError } from '../../lib/errors';
import { taxUnavailable, type Destination, type TaxProvider } from './tax-provider';

/**
 * The tax rule for what this person buys, shipped there: for their company when they belong to
 * one (its certificates, its VAT number), for them otherwise. A provider that fails for any reason
 * refuses the order with 503 (docs/behaviour.md §5.22): never a silent zero.
 */
export async function taxRuleFor(
  provider: TaxProvider,
  db: DbExecutor,
  userId: string,
  destination: Destination,
): Promise<TaxRule> {
  try {
    return await provider.estimate(db, { destination, buyerId: userId });
  } catch (error) {
    // The shop's own database out of reach is the outage every route answers (503 'unavailable').
    if (error instanceof AppError || isDatabaseUnreachable(error)) throw error;
    throw Object.assign(taxUnavailable(), { cause: error });
  }
}
