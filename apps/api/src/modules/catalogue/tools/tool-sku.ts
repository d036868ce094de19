import { isUniqueViolation } from '../../../lib/database-errors';
import { AppError } from '../../../lib/errors';

/** Another tool holds the SKU, whatever its case (docs/behaviour.md §3.14). */
export function rethrowSkuInUse(error: unknown): never {
  if (isUniqueViolation(error, 'tools_sku_lower_idx')) {
    throw new AppError('conflict', 'That SKU is in use by another tool', [
      { field: 'sku', message: 'That SKU is in use by another tool' },
    ]);
  }
  throw error;
}
