import { asc, eq, sql } from 'drizzle-orm';
import type {
  TaxRegistration,
  createTaxRegistrationBody,
  updateTaxRegistrationBody,
} from '@shop/shared/contracts/tax';
import { percentToPpm, ppmToPercent } from '@shop/shared/tax';
import type { z } from 'zod';
import { changedFields, recordAudit, type AuditActor } from '../audit';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { taxRegistrations } from './tax.table';

type Row = typeof taxRegistrations.$inferSelect;

const toDto = (row: Row): TaxRegistration => ({
  id: row.id,
  country: row.country,
  region: row.region,
  label: row.label,
  rate: ppmToPercent(row.ratePpm),
  taxesShipping: row.taxesShipping,
  updatedAt: row.updatedAt.toISOString(),
});

/** 'US-CA', or 'GB' for a whole country: how registrations and tax lines name a place. */
export const jurisdictionOf = (country: string, region: string | null): string =>
  region ? `${country}-${region}` : country;

const labelOf = (row: Pick<Row, 'country' | 'region' | 'label'>) =>
  `${row.label} ${jurisdictionOf(row.country, row.region)}`;

/** The shop's registrations, by country then region (the country's own first). */
export async function listTaxRegistrations(db: Database): Promise<TaxRegistration[]> {
  const rows = await db
    .select()
    .from(taxRegistrations)
    .orderBy(asc(taxRegistrations.country), sql`${taxRegistrations.region} NULLS FIRST`);
  return rows.map(toDto);
}

export async function createTaxRegistration(
  db: Database,
  actor: AuditActor,
  body: z.output<typeof createTaxRegistrationBody>,
): Promise<TaxRegistration> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(taxRegistrations)
        .values({
          country: body.country,
          region: body.region,
          label: body.label,
          ratePpm: percentToPpm(body.rate),
          taxesShipping: body.taxesShipping,
        })
        .returning();
      await recordAudit(tx, {
        actor,
        kind: 'tax.register',
        target: { type: 'tax-registration', id: row!.id, label: labelOf(row!) },
        before: null,
        after: { rate: body.rate, taxesShipping: body.taxesShipping },
      });
      return toDto(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'tax_registrations_place_idx')) {
      throw conflict(`The shop is already registered in ${jurisdictionOf(body.country, body.region)}`);
    }
    throw error;
  }
}

/** A new rate or name applies to orders placed from now on; placed orders keep their tax lines. */
export async function updateTaxRegistration(
  db: Database,
  actor: AuditActor,
  id: string,
  body: z.output<typeof updateTaxRegistrationBody>,
): Promise<TaxRegistration> {
  if (!isUuid(id)) throw notFound('Tax registration');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(taxRegistrations)
      .where(eq(taxRegistrations.id, id))
      .for('update');
    if (!before) throw notFound('Tax registration');
    const [row] = await tx
      .update(taxRegistrations)
      .set({
        label: body.label ?? before.label,
        ratePpm: body.rate === undefined ? before.ratePpm : percentToPpm(body.rate),
        taxesShipping: body.taxesShipping ?? before.taxesShipping,
        updatedAt: new Date(),
      })
      .where(eq(taxRegistrations.id, id))
      .returning();
    const was = toDto(before);
    const now = toDto(row!);
    await recordAudit(tx, {
      actor,
      kind: 'tax.edit',
      target: { type: 'tax-registration', id, label: labelOf(row!) },
      ...changedFields(
        { label: was.label, rate: was.rate, taxesShipping: was.taxesShipping },
        { label: now.label, rate: now.rate, taxesShipping: now.taxesShipping },
      ),
    });
    return now;
  });
}

export async function deleteTaxRegistration(db: Database, actor: AuditActor, id: string): Promise<number> {
  if (!isUuid(id)) return 0;
  return db.transaction(async (tx) => {
    const removed = await tx.delete(taxRegistrations).where(eq(taxRegistrations.id, id)).returning();
    const [row] = removed;
    if (row) {
      await recordAudit(tx, {
        actor,
        kind: 'tax.unregister',
        target: { type: 'tax-registration', id, label: labelOf(row) },
        before: { rate: ppmToPercent(row.ratePpm) },
      });
    }
    return removed.length;
  });
}
